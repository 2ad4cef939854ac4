import LunarLayout
import Testing

// Yoga's gentest/fixtures/YGAndroidNewsFeed.html with the frames the generated test expects.
@Suite struct AndroidNewsFeedFixtureTests {
    static func story(margin: String, image: Double) -> FixtureNode {
        n("align-content: stretch",
          n("flex-direction: row; align-content: stretch; align-items: flex-start; margin-start: \(margin); margin-top: 24px",
            n("flex-direction: row; align-content: stretch", n("align-content: stretch; width: \(image)px; height: \(image)px")),
            n("align-content: stretch; flex-shrink: 1; margin-right: 36px; padding-left: 36px; padding-top: 21px; padding-right: 36px; padding-bottom: 18px",
              n("flex-direction: row; align-content: stretch; flex-shrink: 1"), n("align-content: stretch; flex-shrink: 1"))))
    }

    @Test func androidNewsFeed() {
        Fixture("android_news_feed",
                n("align-content: stretch; width: 1080px",
                  n("", n("align-content: stretch", Self.story(margin: "36px", image: 120), Self.story(margin: "174px", image: 72)))),
                ltr: [[0, 0, 1080, 240], [0, 0, 1080, 240], [0, 0, 1080, 240],
                      [0, 0, 1080, 144], [36, 24, 1044, 120], [0, 0, 120, 120], [0, 0, 120, 120],
                      [120, 0, 72, 39], [36, 21, 0, 0], [36, 21, 0, 0],
                      [0, 144, 1080, 96], [174, 24, 906, 72], [0, 0, 72, 72], [0, 0, 72, 72],
                      [72, 0, 72, 39], [36, 21, 0, 0], [36, 21, 0, 0]]).check()
    }
}
