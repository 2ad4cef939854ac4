local test = require("lunar.test")
describe, it, before_each, after_each = test.describe, test.it, test.before_each, test.after_each
setup, teardown, pending = test.setup, test.teardown, test.pending
expect, spy, app = test.expect, test.spy, test.app
local runner = test._runner
return runner.tests, runner.plan, runner.start, runner.resume
