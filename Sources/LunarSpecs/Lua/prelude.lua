local test = require("lunar.test")
describe, it, before_each, after_each = test.describe, test.it, test.before_each, test.after_each
expect, app = test.expect, test.app
local runner = test._runner
return runner.tests, runner.start, runner.resume
