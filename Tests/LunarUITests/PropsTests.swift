import LunarUI
import Testing

@Suite struct PropsTests {
    @Test func propsStaySortedWithOneValuePerName() {
        var props: Props = ["title": "Go", "disabled": true, "id": "go"]
        #expect(props.entries.map(\.name) == ["disabled", "id", "title"])
        props["title"] = "Stop"
        props["disabled"] = nil
        props["alt"] = "x"
        #expect(props == ["alt": "x", "id": "go", "title": "Stop"])
        #expect(props.count == 3)
        #expect(Props([("a", 1), ("a", 2)]) == ["a": 2])
        #expect(props.merging(["id": "stop", "text": "t"]) == ["alt": "x", "id": "stop", "text": "t", "title": "Stop"])
    }

    @Test func integerPropsMayArriveAsWholeDoubles() {
        #expect(PropValue.double(25).intValue == 25)
        #expect(PropValue.double(-3).intValue == -3)
        #expect(PropValue.double(2.5).intValue == nil)
        #expect(PropValue.double(1e300).intValue == nil)
        #expect(PropValue.double(.nan).intValue == nil)
        #expect(PropValue.string("3").intValue == nil)
    }

    @Test func anElementsIdIsItsIdProp() {
        var element = Element.button("Go", id: "go")
        #expect(element.props[.id] == "go")
        element.id = nil
        #expect(element.props == ["title": "Go"])
    }
}
