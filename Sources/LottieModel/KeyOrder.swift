import LottieJSON

extension Animation {
  /// Shape properties written before the item's `ty` (#18). rlottie reads a shape item's keys in
  /// order and skips those that come before its type, so they take their defaults; lottie-web and
  /// ThorVG read the object whatever the order. Measured with fixture key-before-type.json (a
  /// reversed ellipse, `"d": 3` before `"ty": "el"`, cut out of a rectangle under a non-zero fill:
  /// rlottie fills the hole). Bodymovin writes every ellipse's `d` before its `ty`, so the case met
  /// in real files is a reversed ellipse; a fill's colour or a rectangle's size before `ty` draws
  /// nothing in rlottie.
  ///
  /// The detail: "direction" when the only key that matters is a reversed direction (d = 3), which
  /// shows only where the direction does (a trim path, a merge path or dashes over the shape, or a
  /// non-zero fill over it and another path); nil when another property is skipped. Nil result: no
  /// key before `ty` that changes what is drawn.
  /// `shows` remembers `directionShows` per shape list, so each list is looked at once (linear on
  /// hostile files).
  static func keysBeforeType(_ item: JSONNode, shows: inout [UInt32: Bool]) -> (detail: String?, at: JSONNode)? {
    guard item.isObject else { return nil }
    var reversed: JSONNode?
    for member in item.members {
      let key = member.key, value = member.value
      if key == "ty" { break }
      switch key {
      case "nm", "mn", "ix", "cix", "np", "ind": continue
      case "hd" where value.bool != true: continue
      case "bm" where (value.double ?? 0) == 0: continue
      case "d":
        if value.int == 3 { reversed = member.value }
        continue
      default:
        return (nil, member.value)
      }
    }
    guard let reversed, let list = item.parent else { return nil }
    guard directionShows(in: list, cache: &shows) else { return nil }
    return ("direction", reversed)
  }

  /// Whether the direction of a path in `list` changes what is drawn: a trim path, merge path or
  /// dashed stroke in that group or a group around it, or a non-zero fill there over more than
  /// one path. `cache` holds the answer per list, for `list` and every list around it: a list's
  /// answer is its own or that of the list around it, so each list is looked at once (a layer of
  /// n groups, each with a rectangle, is linear, not n times its shape list).
  static func directionShows(in list: JSONNode, cache: inout [UInt32: Bool]) -> Bool {
    // The lists from `list` outwards, up to one already answered (or the layer's shapes).
    var chain: [JSONNode] = []
    var result = false
    var level: JSONNode? = list
    while let current = level, current.isArray, chain.count < 64 {
      if let known = cache[current.id.raw] {
        result = known
        break
      }
      chain.append(current)
      // Up to the group around this list, then the list that holds that group.
      guard let group = current.parent, group.isObject, group["ty"]?.string == "gr" else { break }
      level = group.parent
    }
    for current in chain.reversed() {
      result = result || directionShowsHere(current)
      cache[current.id.raw] = result
    }
    return result
  }

  /// `directionShows` for one list alone, without the lists around it.
  static func directionShowsHere(_ list: JSONNode) -> Bool {
    let paths = Animation.pathTypes
    // Paths in the list and the groups inside it, counted up to two.
    func atLeastTwoPaths(_ list: JSONNode, _ n: inout Int, depth: Int) {
      for it in list.elements where n < 2 {
        if let t = it["ty"]?.string, paths.contains(t) { n += 1 }
        if depth < 64, it["ty"]?.string == "gr", let inner = it["it"], inner.isArray { atLeastTwoPaths(inner, &n, depth: depth + 1) }
      }
    }
    var nonZeroFill = false
    for it in list.elements {
      switch it["ty"]?.string {
      case "tm"?, "mm"?: return true
      case "st"?, "gs"?: if let d = it["d"], d.isArray, d.count > 0 { return true }
      case "fl"?, "gf"?: if (it["r"]?.int ?? 1) != 2 { nonZeroFill = true }
      default: break
      }
    }
    guard nonZeroFill else { return false }
    var n = 0
    atLeastTwoPaths(list, &n, depth: 0)
    return n >= 2
  }

  /// A 2D layer's rotation rlottie does not apply (#18): rlottie starts every layer as 3D and
  /// reads `ddd` only when it comes before `ks` (it parses the object as it streams), and a 3D
  /// transform takes its rotation from `rz`, not `r` (Samsung/rlottie src/lottie/lottieparser.cpp
  /// `parseLayer`, `ddd = true`; lottiemodel.cpp `Transform::Data::matrix`; rlottie issue #581).
  /// Measured with fixture ddd-missing.json: a rectangle rotated 30° in a layer without `ddd` is
  /// drawn unrotated by rlottie (8.9 % of the tile differs), as it is with `"ddd": 0` after
  /// `ks`; with `"ddd": 0` first it agrees (0.1 %); ThorVG and lottie-web read every form.
  /// Returns the rotation when it is not 0 and no `ddd` comes before `ks`.
  static func rotationRlottieDrops(_ layer: JSONNode) -> JSONNode? {
    guard layer.isObject, let ks = layer["ks"], let r = ks["r"], isNonDefault(r, default: 0) else { return nil }
    for member in layer.members {
      if member.key == "ks" { return r }
      if member.key == "ddd" { return nil }
    }
    return r
  }

  /// The first 3D rotation key (`rx`, `ry`, `rz`) at which rlottie stops reading a transform it
  /// reads as 2D (#18): a layer's `ks` after `"ddd": 0`, or a shape group's transform. Its
  /// parser keeps 3D data only for 3D layers (or once a separated position made room for it) and
  /// returns no transform at such a key, midway through the object (Samsung/rlottie
  /// src/lottie/lottieparser.cpp `parseTransformObject`: `if (!obj->mExtra) return nullptr`).
  /// Measured with rlottie 1.3.8: `"rz"` first in a 2D layer's `ks` (fixture
  /// 3d-key-in-2d-transform.json), `"rx"` in its middle and `"rx"` first in a group's transform
  /// are refused; `"rz"` last draws nothing of the layer. Without `ddd`, with `"ddd": 0` after
  /// `ks`, or after a separated position, the layer draws. lottie-web and ThorVG draw them all.
  /// `afterType`: a shape item, whose keys before its `ty` rlottie skips unread.
  static func threeDKeyRlottieStopsAt(_ transform: JSONNode, afterType: Bool = false) -> JSONNode? {
    guard transform.isObject else { return nil }
    var reading = !afterType
    for member in transform.members {
      guard reading else {
        reading = member.key == "ty"
        continue
      }
      switch member.key {
      case "p": if member.value["s"] != nil { return nil }
      case "rx", "ry", "rz": return member.value
      default: continue
      }
    }
    return nil
  }

  /// Whether rlottie reads the layer's transform as 2D: the last `ddd` before `ks` is 0.
  static func rlottieReadsAs2D(_ layer: JSONNode) -> Bool {
    var twoD = false
    for member in layer.members {
      if member.key == "ks" { return twoD }
      if member.key == "ddd" { twoD = member.value.int == 0 }
    }
    return false
  }
}
