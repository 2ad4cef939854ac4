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

    /// Any finite number (and NaN) a script or a renderer reports gives a row range: Int(1e308 / 44)
    /// and Int(x / 1e-300) trapped, and with them the host (issue 28).
    @Test func extremeNumbersGiveRowsNeverATrap() {
        var window = ListWindow(itemCount: 50, estimatedItemSize: 44, viewport: 1e300, offset: 1e300)
        #expect(window.visible == 0..<50)
        window.viewport = 400
        window.drawDistance = 1e308
        #expect(window.mounted == 0..<50)
        window.drawDistance = nil
        window.offset = 1e300
        #expect(window.visible == 40..<50)
        window.offset = .nan
        #expect(window.visible == 0..<10)
        window.viewport = .infinity
        #expect(window.visible == 0..<50)
        window.viewport = .nan
        #expect(window.visible.isEmpty)
        let tiny = ListWindow(itemCount: 50, estimatedItemSize: 1e-300, viewport: 400, offset: 0)
        #expect(tiny.mounted == 0..<50)
        #expect(ListWindow(itemCount: 50, estimatedItemSize: .infinity, viewport: 400).estimatedItemSize == 1)
    }
}
