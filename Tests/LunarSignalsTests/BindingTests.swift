import LunarSignals
import Testing

final class LoginForm {
    var account = ""
    var isLoginEnabled = false
}

@Suite struct BindingTests {
    @Test func keyPathBindingSetsEachValueUntilTheSignalEnds() {
        let form = LoginForm()
        let text = Subject<String>()
        let binding = text.signal.map { String($0.prefix(25)) }.bind(to: form, \.account)
        text.sendNext("ann")
        #expect(form.account == "ann")
        text.sendNext(String(repeating: "x", count: 30))
        #expect(form.account.count == 25)
        text.sendCompleted()
        #expect(binding.isDisposed)
    }

    @Test func bindingEndsOnErrorAndOnDisposal() {
        let form = LoginForm()
        let flags = Subject<Bool>()
        let binding = flags.signal.bind(to: form, \.isLoginEnabled)
        flags.sendNext(true)
        binding.dispose()
        flags.sendNext(false)
        #expect(form.isLoginEnabled)

        let failing = Subject<Bool>()
        let second = failing.signal.bind(to: form, \.isLoginEnabled)
        failing.sendError(TestError())
        #expect(second.isDisposed)
    }

    @Test func bindingHoldsTheTargetWeaklyAndEndsOnceItIsGone() {
        let source = ProbeSource<String>()
        weak var weakForm: LoginForm?
        let binding: any Disposable
        do {
            let form = LoginForm()
            weakForm = form
            binding = source.signal.bind(to: form, \.account)
        }
        #expect(weakForm == nil)
        source.subject.sendNext("late")
        #expect(binding.isDisposed)
        #expect(source.live == 0)
    }

    @Test func setterBindingForScriptTargets() {
        var table: [String: Int] = [:]
        let property = Property(1)
        let binding = property.signal.bind { table["count"] = $0 }
        #expect(table["count"] == 1)
        property.value = 2
        #expect(table["count"] == 2)
        binding.dispose()
        property.value = 3
        #expect(table["count"] == 2)
    }

    @Test func bindingIntoAProperty() {
        let source = Property("a")
        let target = Property("")
        source.signal.bind(to: target, \.value)
        source.value = "b"
        #expect(target.value == "b")
    }
}
