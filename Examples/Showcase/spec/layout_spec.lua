-- lunar.layout from a spec: plain { style =, children = } trees laid out by the same flexbox
-- engine the renderers use, frames checked against what Yoga computes.
local layout = require("lunar.layout")

-- The frame of a node without its children, for comparing with toEqual.
local function box(frame)
  return { left = frame.left, top = frame.top, width = frame.width, height = frame.height }
end

describe("lunar.layout", function()
  it("lays out a row: fixed widths, a flexible child, gaps and centred items", function()
    local frame = layout.compute({
      style = { flexDirection = "row", width = 300, height = 100, padding = 10, columnGap = 10, alignItems = "center" },
      children = {
        { style = { width = 50, height = 50 } },
        { style = { flex = 1, height = 20 } },
        { style = { width = 30, height = 80 } },
      },
    })
    expect(box(frame)):toEqual({ left = 0, top = 0, width = 300, height = 100 })
    expect(box(frame.children[1])):toEqual({ left = 10, top = 25, width = 50, height = 50 })
    expect(box(frame.children[2])):toEqual({ left = 70, top = 40, width = 180, height = 20 })
    expect(box(frame.children[3])):toEqual({ left = 260, top = 10, width = 30, height = 80 })
  end)

  it("lays out a column: children stretched across, spaced between", function()
    local frame = layout.compute({
      style = { width = 100, height = 200, justifyContent = "space-between" },
      children = { { style = { height = 40 } }, { style = { height = 40 } }, { style = { height = 40 } } },
    })
    expect(box(frame.children[1])):toEqual({ left = 0, top = 0, width = 100, height = 40 })
    expect(box(frame.children[2])):toEqual({ left = 0, top = 80, width = 100, height = 40 })
    expect(box(frame.children[3])):toEqual({ left = 0, top = 160, width = 100, height = 40 })
  end)

  it("wraps a row onto a second line and sizes the root to its content", function()
    local tile = { width = 40, height = 20 }
    local frame = layout.compute({
      style = { flexDirection = "row", flexWrap = "wrap", width = 100, rowGap = 5 },
      children = { { style = tile }, { style = tile }, { style = tile } },
    })
    expect(frame.height):toBe(45)
    expect(box(frame.children[1])):toEqual({ left = 0, top = 0, width = 40, height = 20 })
    expect(box(frame.children[2])):toEqual({ left = 40, top = 0, width = 40, height = 20 })
    expect(box(frame.children[3])):toEqual({ left = 0, top = 25, width = 40, height = 20 })
  end)

  it("places an absolute child by its insets, out of the flow", function()
    local frame = layout.compute({
      style = { width = 200, height = 100 },
      children = {
        { style = { position = "absolute", right = 10, bottom = 10, width = 50, height = 20 } },
        { style = { height = 30 } },
      },
    })
    expect(box(frame.children[1])):toEqual({ left = 140, top = 70, width = 50, height = 20 })
    expect(box(frame.children[2])):toEqual({ left = 0, top = 0, width = 200, height = 30 })
  end)

  it("mirrors a row right to left", function()
    local frame = layout.compute({
      style = { flexDirection = "row", width = 100 },
      children = { { style = { width = 30, height = 10 } }, { style = { width = 20, height = 10 } } },
    }, { direction = "rtl" })
    expect(frame.children[1].left):toBe(70)
    expect(frame.children[2].left):toBe(50)
  end)

  it("names a bad key, where it is, at the line that passed it", function()
    local ok, message = pcall(function()
      local frame = layout.compute({ children = { { style = { flexDirecton = "row" } } } })
      return frame
    end)
    expect(ok):toBe(false)
    expect(message):toContain("spec/layout_spec.lua:71: bad argument #1 to 'layout.compute'")
    expect(message):toContain("node.children[1].style: unknown style key 'flexDirecton'")
    expect(function() layout.compute({ style = { width = "wide" } }) end):toThrow("width")
  end)
end)
