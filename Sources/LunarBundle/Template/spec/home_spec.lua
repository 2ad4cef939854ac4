-- Run with `lunar test .`: the mock API (mock-api/) answers on loopback.
describe("home", function()
  -- Each test starts from a fresh app: the entry screen, empty storage (docs/testing.md).
  it("greets the name typed", function()
    app.type("name", "Ada")
    expect(app.screen()):toContain("Hello, Ada!")
  end)

  it("shows the message from the API", function()
    app.tap("Say hello")
    app.wait()
    expect(app.screen()):toContain("Hello from the mock API")
  end)
end)
