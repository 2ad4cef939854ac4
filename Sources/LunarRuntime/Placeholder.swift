// Placeholder: this module is being written; see the open issue for its scope.
enum LunarRuntimePlaceholder {}
