-- Run with `lunar test .`: the mock API (mock-api/) answers on loopback.
describe("home", function()
  -- The tests share one app: each starts from the entry screen (docs/testing.md).
  before_each(function()
    app.home()
  end)

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
