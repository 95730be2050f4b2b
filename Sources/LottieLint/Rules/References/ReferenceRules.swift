import LottieJSON
import LottieModel

let referenceRules: [any LintRule.Type] = [
  ParentMissingRule.self, ParentSelfRule.self, ParentCycleRule.self, DuplicateIndexRule.self, AssetMissingRule.self,
  AssetWrongKindRule.self, PrecompCycleRule.self, MatteSourceMissingRule.self, MatteParentMissingRule.self,
  FontMissingRule.self, UnusedAssetRule.self, SlotMissingRule.self, SlotKindMismatchRule.self, UnusedSlotRule.self
]
