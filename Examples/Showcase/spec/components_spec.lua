-- The showcase's components (components/*.lua): a card's own state lives in the card, so the
-- screen's renders neither reset it nor are needed for it; a form row is the field and its hint.
local ROUTER_DETAILS = "Every screen has a route; the jump page opens them by URL."

describe("components", function()
  it("opens a card's details, which stay open while its screen renders again", function()
    app.open("/list")
    app.wait()
    expect(app.find("item-2-details").title):toBe("More")
    expect(app.find("item-2-text")):toBeNil()
    -- The card's More button renders that card alone: the screen's render does not run.
    local render = spy.on(require("screens.list"), "render")
    app.tap("item-2-details")
    expect(render).never:toHaveBeenCalled()
    expect(app.find("item-2-text").text):toBe(ROUTER_DETAILS)
    expect(app.screen()):toContain('Button #item-2-details "Less" [expanded]')

    -- Refresh renders the screen again (its button, then the items it loads), and the cards
    -- with it (their props are new): the card is the same instance, still open, and the others
    -- are still closed.
    local cardRender = spy.on(require("components.card"), "render")
    app.tap("Refresh")
    app.wait()
    expect(render):toHaveBeenCalled()
    expect(cardRender):toHaveBeenCalled()
    expect(app.find("item-2-text").text):toBe(ROUTER_DETAILS)
    expect(app.find("item-2-details").title):toBe("Less")
    expect(app.find("item-1-details").title):toBe("More")
    expect(app.find("item-1-text")):toBeNil()

    -- Less closes it; a card without details has no button; pressing the card opens the item.
    app.tap("item-2-details")
    expect(app.find("item-2-text")):toBeNil()
    expect(app.find("item-4-details")):toBeNil()
    app.tap("Router")
    app.wait()
    expect(app.title()):toBe("Item 2")
  end)

  it("shows each form row's hint under its field", function()
    expect(app.screen()):toContain([[
      Column
        TextField #account "Account" value="" maxLength=25
        Text "3 to 25 characters"
      Column
        TextField #password "Password" value="" [secure]
        Text "At least 6 characters"]])
    -- The fields are still the screen's elements: typing reaches the view-model and renders
    -- the login screen, as before the form had rows.
    local render = spy.on(require("screens.login"), "render")
    app.type("Account", "ann")
    expect(app.find("account").value):toBe("ann")
    expect(render):toHaveBeenCalled()
  end)
end)
