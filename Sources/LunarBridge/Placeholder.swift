enum BridgePlaceholder {}
