import LunarSignals
import Testing

/// Subscriptions nobody disposes must not outlive their source: each test drops a source with a
/// live subscription and checks, through a weak reference, that what the subscriber captured
/// is freed. (Under AddressSanitizer these were retain cycles LeakSanitizer reported at exit.)
@Suite struct ReleaseTests {
    /// What a subscriber captures; freed only when the subscription is.
    final class Token {}

    @Test func aChainOnASubjectEndsWhenTheSubjectGoesAway() {
        weak var released: Token?
        var received: [Int] = []
        do {
            let token = Token()
            released = token
            let subject = Subject<Int>()
            subject.signal.map { $0 * 2 }.filter { $0 > 0 }.subscribe { event in
                withExtendedLifetime(token) {}
                if case .next(let value) = event { received.append(value) }
            }
            subject.sendNext(1)
            #expect(released != nil)
        }
        #expect(received == [2])
        #expect(released == nil)
    }

    @Test func aChainOnAPropertyEndsWhenThePropertyGoesAway() {
        weak var released: Token?
        do {
            let token = Token()
            released = token
            let property = Property(1)
            property.signal.skip(1).map { $0 + 1 }.subscribe { _ in withExtendedLifetime(token) {} }
            property.value = 2
        }
        #expect(released == nil)
    }

    @Test func aSharedSubscriptionEndsWhenItsSourceGoesAway() {
        weak var released: Token?
        weak var sharedSource: Subject<Int>?
        var received: [Int] = []
        do {
            let token = Token()
            released = token
            let subject = Subject<Int>()
            sharedSource = subject
            let shared = subject.signal.share()
            shared.subscribe { event in
                withExtendedLifetime(token) {}
                if case .next(let value) = event { received.append(value) }
            }
            shared.map { $0 }.subscribe { _ in withExtendedLifetime(token) {} }
            subject.sendNext(7)
        }
        #expect(received == [7])
        #expect(sharedSource == nil)
        #expect(released == nil)
    }

    @Test func aDisposedSharedSubscriptionLetsGoOfTheConnection() {
        let source = ProbeSource<Int>()
        weak var released: Token?
        do {
            let token = Token()
            released = token
            let subscription = source.signal.share().subscribe { _ in withExtendedLifetime(token) {} }
            #expect(source.live == 1)
            subscription.dispose()
        }
        #expect(source.live == 0)
        #expect(released == nil)
    }
}
