import LottieJSON
import LottieModel

struct KeyframeMissingStartRule: LintRule {
  static let description = RuleDescription(
    code: "LK601", name: "keyframe-missing-start",
    summary: "a keyframe has no value \"s\"",
    rationale:
      "the Lottie 1.0 schema requires \"s\" on every keyframe; old Bodymovin exports write \"s\" and \"e\" on each keyframe and only \"t\" on the last, whose value is the previous keyframe's \"e\": lottie-ios and Skottie read it from there and lottie-android and lottie-web never need it, so the fix (copying that \"e\" into \"s\") changes nothing on screen; a keyframe other than the last without \"s\", or a last one with no \"e\" before it, has no value at all (lottie-ios rejects the animation, Skottie drops the property)",
    fixHint:
      "give the keyframe its value in \"s\"; `--fix` copies the previous keyframe's \"e\" into a last keyframe, except after a hold keyframe (players disagree about that value) or when there is no \"e\"",
    category: .specStrict, defaultSeverity: .warning, profiles: SpecStrict.profiles, isFixable: true,
    triggering: [
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":3,\"nm\":\"Dot\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{\"o\":{\"a\":1,\"k\":[{\"t\":0,\"s\":[0],\"e\":[100],\(Example.ease)},↓{\"t\":60}]}}}]}",
        fixed:
          "{\(Example.header),\"layers\":[{\"ty\":3,\"nm\":\"Dot\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{\"o\":{\"a\":1,\"k\":[{\"t\":0,\"s\":[0],\"e\":[100],\(Example.ease)},{\"t\":60,\"s\":[100]}]}}}]}"
      ),
      // Not fixed: after a hold keyframe, lottie-android keeps the held value where others jump to "e".
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":3,\"nm\":\"Dot\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{\"o\":{\"a\":1,\"k\":[{\"t\":0,\"s\":[0],\"e\":[100],\"h\":1},↓{\"t\":60}]}}}]}"
      ),
      // Errors, not legacy forms: no value anywhere.
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":3,\"nm\":\"Dot\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{\"o\":{\"a\":1,\"k\":[{\"t\":0,\"s\":[0],\(Example.ease)},↓{\"t\":30,\(Example.ease)},↓{\"t\":60}]}}}]}"
      )
    ],
    nonTriggering: [
      Example(
        "{\(Example.header),\"layers\":[{\"ty\":3,\"nm\":\"Dot\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{\"o\":{\"a\":1,\"k\":[{\"t\":0,\"s\":[0],\(Example.ease)},{\"t\":60,\"s\":[100]}]}}}]}"
      ),
      Example("{\(Example.header),\"layers\":[{\"ty\":3,\"nm\":\"Dot\",\"ind\":1,\"ip\":0,\"op\":60,\"ks\":{\"o\":{\"a\":0,\"k\":100}}}]}")
    ])

  func check(_ context: LintContext) -> [Finding] {
    var findings: [Finding] = []
    let words = SpecStrict.Describer(context)
    for property in SpecStrict.properties(in: context) {
      let k = property.k
      guard k.isArray, AnimatedProperty(node: property.node).isAnimated else { continue }
      let frames = Array(k.elements)
      // A list mixing keyframes with other values is malformed in a way this rule cannot describe.
      guard frames.allSatisfy({ $0.isObject }) else { continue }
      for (i, frame) in frames.enumerated()
      where frame.isObject && frame["s"] == nil
        && SpecStrict.schemaRejects(frame, property.node, in: context)
      {
        let keyframe = frame["t"]?.double.map { "keyframe at frame \($0.compactText)" } ?? "keyframe \(i + 1)"
        let propertyPointer = property.node.pointer
        let pointer = propertyPointer + "/k/" + String(i)
        let place = words.describe(property, pointer: propertyPointer)
        let isLast = i == frames.count - 1
        let previous = i > 0 ? frames[i - 1] : nil
        if isLast, let previous, previous.isObject, let end = previous["e"] {
          let message = "the last \(keyframe) of \(place) has no \"s\" (old Bodymovin form: its value is the previous keyframe's \"e\")"
          if previous["h"]?.truthy == true {
            findings.append(
              Finding(
                frame, message,
                help:
                  "add \"s\" by hand: after a hold keyframe players disagree about this value (lottie-android keeps the held value, lottie-ios and Skottie take \"e\"), so it is not fixed automatically",
                pointer: pointer))
          } else {
            let fix = Fix(
              summary: "copy the previous keyframe's \"e\" into \"s\"",
              operations: [.add(objectPointer: pointer, key: "s", json: end.sourceText)])
            findings.append(Finding(frame, message, fix: fix, pointer: pointer))
          }
        } else if isLast && previous != nil {
          findings.append(
            Finding(
              frame, "the last \(keyframe) of \(place) has no \"s\", and the keyframe before it has no \"e\" to take it from",
              help: "set \"s\" to the value at this frame: lottie-ios rejects the animation and Skottie drops the property",
              severity: .error, pointer: pointer))
        } else {
          let help =
            i == 0
            ? "set \"s\" to the value at this frame: there is no keyframe before it to take a value from (lottie-ios rejects the animation, Skottie drops the property)"
            : "set \"s\" to the value at this frame: players disagree about a keyframe without a value (lottie-ios takes the previous keyframe's \"e\", Skottie drops the property)"
          findings.append(
            Finding(
              frame, "\(keyframe) of \(place) has no \"s\"; only the last keyframe may leave it out, in the old Bodymovin form",
              help: help, severity: .error, pointer: pointer))
        }
      }
    }
    return findings
  }
}
