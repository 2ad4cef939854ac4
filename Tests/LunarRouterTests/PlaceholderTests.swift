import Testing

@Test func placeholderModuleBuilds() {
    #expect(Bool(true))
}
