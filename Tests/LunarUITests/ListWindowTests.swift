import LunarUI
import Testing

/// Which rows a virtualized list mounts.
@Suite struct ListWindowTests {
    @Test func beforeAViewportTheFirstRowsAreMounted() {
        let window = ListWindow(itemCount: 500, estimatedItemSize: 40)
        #expect(window.mounted == 0..<10)
        #expect(window.visible.isEmpty)
        #expect(!window.isNearEnd(threshold: 0.5))
        #expect(ListWindow(itemCount: 3, estimatedItemSize: 40).mounted == 0..<3)
    }

    @Test func theViewportPlusAQuarterEachSideIsMountedAndNeverTwiceTheVisibleRows() {
        var window = ListWindow(itemCount: 10_000, estimatedItemSize: 44, viewport: 600)
        window.offset = 1000
        #expect(window.visible == 22..<37)
        #expect(window.mounted == 19..<40)
        for offset in stride(from: 0.0, through: 440_000, by: 37) {
            window.offset = offset
            #expect(window.mounted.count <= 2 * window.visible.count)
            #expect(window.mounted.contains(window.visible.lowerBound))
        }
        window.drawDistance = 0
        window.offset = 1000
        #expect(window.mounted == window.visible)
    }

    @Test func anOverscrollIsClampedAndTheEndIsNear() {
        var window = ListWindow(itemCount: 100, estimatedItemSize: 10, viewport: 200, offset: 5000)
        #expect(window.visible == 80..<100)
        #expect(window.isNearEnd(threshold: 0))
        window.offset = -50
        #expect(window.visible == 0..<20)
        window.offset = 700  // 100 points from the end: within half a viewport
        #expect(window.isNearEnd(threshold: 0.5) && !window.isNearEnd(threshold: 0.4))
    }
}
