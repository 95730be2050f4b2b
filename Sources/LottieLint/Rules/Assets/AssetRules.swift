/// Image assets: where they point and what their bytes are (one rule per file in this folder; the
/// rules share `ImageAssetScan`, which reads and decodes each image once per file).
let assetRules: [any LintRule.Type] = [
  EmbeddedFlagMissingRule.self, AudioMissingRule.self,
  ImageMissingRule.self, ImagePathUnsafeRule.self, DataURIMalformedRule.self, Base64InvalidRule.self,
  ImageTypeMismatchRule.self, ImageSizeMismatchRule.self, ImageTooLargeRule.self, EmbeddedImagesBudgetRule.self
]
