/// The environment Bodymovin's exported expressions run in (#18), written for lottiekit after
/// lottie-web 5.7.5's (`ExpressionManager`, `ExpressionPropertyDecorator`, the layer and effect
/// interfaces): its arithmetic on numbers and arrays (`sum` adds a number to an array's first
/// element, `mul`/`div` work element by element), `linear`/`ease`/`easeIn`/`easeOut`, `clamp`,
/// `length`, angles; the property being evaluated (`value`, `time`, `numKeys`, `key(n)`,
/// `nearestKey`, `valueAtTime`, `velocityAtTime`, `velocity`, `speed`, `loopOut`/`loopIn`
/// 'cycle', 'pingpong', 'offset'); its layer (`thisLayer`, `effect(name)(param)`,
/// `content(name)`, `transform`, `parent`, `hasParent`, `index`, in/out points) and composition
/// (`thisComp.layer(name or index)`, `frameDuration`, `width`, `height`).
/// What it does not have (`wiggle` and `random`, whose numbers lottie-web draws from a generator
/// of its own; `toComp` and the other space conversions; `comp(name)`, paths' points, text, markers)
/// asks the host for it, which marks the whole evaluation unknown — even when the expression
/// catches the error — as does a caught ReferenceError or "not callable" TypeError: a name
/// lottie-web defines and this environment lacks. A measurement then stays unmeasured instead of
/// measuring a fallback lottie-web would not take.
enum ExpressionPrelude {
  static let source = #"""
    var __fr = 30, __frame = 0, __compW = 0, __compH = 0, __self = null;
    // What the host answers; once it cannot, the evaluation is over (`__stop`), caught or not.
    var __stop = false, __cache = {};
    function __ask(q) {
      try { return JSON.parse(__host(JSON.stringify(q))); } catch (e) { __stop = true; throw e; }
    }
    // Answers that do not change with time, asked once.
    function __once(q) {
      var k = JSON.stringify(q);
      if (!(k in __cache)) __cache[k] = __ask(q);
      return __cache[k];
    }
    function __no(what) { return __ask(['unsupported', what]); }
    function __caught(e) {
      if (e instanceof ReferenceError || (e instanceof TypeError && /not callable/.test(String(e.message)))) __no(String(e));
    }
    function __isNum(v) { return typeof v === 'number' || v instanceof Number || typeof v === 'boolean'; }
    function __n(v) { return v instanceof Number ? v.valueOf() : v; }
    function $bm_isInstanceOfArray(a) { return a instanceof Array; }
    function __each(a, f) { var r = []; for (var i = 0; i < a.length; i++) r[i] = f(__n(a[i]), i); return r; }
    function sum(a, b) {
      a = __n(a); b = __n(b);
      if (typeof a === 'string' || typeof b === 'string') return a + b;
      if (__isNum(a) && __isNum(b)) return a + b;
      if (a instanceof Array && __isNum(b)) { a = __each(a, function (x) { return x; }); a[0] = a[0] + b; return a; }
      if (__isNum(a) && b instanceof Array) { b = __each(b, function (x) { return x; }); b[0] = a + b[0]; return b; }
      if (a instanceof Array && b instanceof Array) {
        var r = [], n = Math.max(a.length, b.length);
        for (var i = 0; i < n; i++) r[i] = (__isNum(a[i]) ? __n(a[i]) : 0) + (__isNum(b[i]) ? __n(b[i]) : 0);
        return r;
      }
      return 0;
    }
    var add = sum, $bm_sum = sum;
    function sub(a, b) {
      a = __n(a); b = __n(b);
      if (__isNum(a) && __isNum(b)) return a - b;
      if (a instanceof Array && __isNum(b)) { a = __each(a, function (x) { return x; }); a[0] = a[0] - b; return a; }
      if (__isNum(a) && b instanceof Array) { b = __each(b, function (x) { return x; }); b[0] = a - b[0]; return b; }
      if (a instanceof Array && b instanceof Array) {
        var r = [], n = Math.max(a.length, b.length);
        for (var i = 0; i < n; i++) r[i] = (__isNum(a[i]) ? __n(a[i]) : 0) - (__isNum(b[i]) ? __n(b[i]) : 0);
        return r;
      }
      return 0;
    }
    var $bm_sub = sub;
    function mul(a, b) {
      a = __n(a); b = __n(b);
      if (__isNum(a) && __isNum(b)) return a * b;
      if (a instanceof Array && __isNum(b)) return __each(a, function (x) { return x * b; });
      if (__isNum(a) && b instanceof Array) return __each(b, function (x) { return a * x; });
      return 0;
    }
    var $bm_mul = mul;
    function div(a, b) {
      a = __n(a); b = __n(b);
      if (__isNum(a) && __isNum(b)) return a / b;
      if (a instanceof Array && __isNum(b)) return __each(a, function (x) { return x / b; });
      if (__isNum(a) && b instanceof Array) return __each(b, function (x) { return a / x; });
      return 0;
    }
    var $bm_div = div;
    function mod(a, b) { a = __n(a); b = __n(b); if (__isNum(a) && __isNum(b)) return a % b; return 0; }
    var $bm_mod = mod;
    function $bm_neg(a) {
      a = __n(a);
      if (__isNum(a)) return -a;
      if (a instanceof Array) return __each(a, function (x) { return -x; });
      return a;
    }
    function clamp(v, lo, hi) {
      v = __n(v); lo = __n(lo); hi = __n(hi);
      if (lo > hi) { var t = hi; hi = lo; lo = t; }
      if (v instanceof Array) return __each(v, function (x) { return Math.min(Math.max(x, lo), hi); });
      return Math.min(Math.max(v, lo), hi);
    }
    function length(a, b) {
      a = __n(a); b = __n(b);
      if (__isNum(a)) return Math.abs(a - (b === undefined ? 0 : b));
      var s = 0;
      for (var i = 0; i < a.length; i++) { var d = __n(a[i]) - (b === undefined ? 0 : __n(b[i])); s += d * d; }
      return Math.sqrt(s);
    }
    function normalize(v) { var l = length(v); return div(v, l); }
    function dot(a, b) { var s = 0; for (var i = 0; i < a.length; i++) s += __n(a[i]) * __n(b[i]); return s; }
    function radiansToDegrees(v) { return __n(v) * 180 / Math.PI; }
    function degreesToRadians(v) { return __n(v) * Math.PI / 180; }
    var radians_to_degrees = radiansToDegrees, degrees_to_radians = degreesToRadians;
    function framesToTime(f, fps) { return __n(f) / (fps || __fr); }
    function timeToFrames(t, fps) { if (t === undefined) t = time; return Math.round(__n(t) * (fps || __fr)); }
    function __bezier(x1, y1, x2, y2) {
      function at(a, b, t) { return 3 * a * t * (1 - t) * (1 - t) + 3 * b * t * t * (1 - t) + t * t * t; }
      return function (x) {
        if (x <= 0) return 0;
        if (x >= 1) return 1;
        var lo = 0, hi = 1, t = x;
        for (var i = 0; i < 60; i++) { t = (lo + hi) / 2; if (at(x1, x2, t) < x) lo = t; else hi = t; }
        return at(y1, y2, t);
      };
    }
    function __interpolator(curve) {
      return function (t, tMin, tMax, v1, v2) {
        if (v1 === undefined) { v1 = tMin; v2 = tMax; tMin = 0; tMax = 1; }
        t = __n(t); tMin = __n(tMin); tMax = __n(tMax); v1 = __n(v1); v2 = __n(v2);
        if (tMax < tMin) { var s = tMax; tMax = tMin; tMin = s; }
        if (t <= tMin) return v1;
        if (t >= tMax) return v2;
        var p = curve((t - tMin) / (tMax - tMin));
        if (v1 instanceof Array) return __each(v1, function (x, i) { return x + (__n(v2[i]) - x) * p; });
        return v1 + (v2 - v1) * p;
      };
    }
    var linear = __interpolator(function (x) { return x; });
    var ease = __interpolator(__bezier(0.33, 0, 0.667, 1));
    var easeIn = __interpolator(__bezier(0.33, 0, 1, 1));
    var easeOut = __interpolator(__bezier(0, 0, 0.667, 1));
    function wiggle() { return __no('wiggle'); }
    function random() { return __no('random'); }
    function gaussRandom() { return __no('gaussRandom'); }
    function seedRandom() { return __no('seedRandom'); }
    function noise() { return __no('noise'); }
    function comp() { return __no('comp'); }
    function footage() { return __no('footage'); }
    function posterizeTime() { return __no('posterizeTime'); }
    function createPath() { return __no('createPath'); }

    // A property: its value now, with the methods lottie-web decorates it with.
    function __keys(id) { return __once(['keys', id]); }
    function __valueAt(id, t) { var v = __ask(['value', id, t * __fr]); return v.length === 1 && __once(['scalar', id]) ? v[0] : v; }
    function __keyObject(id, n) {
      var ks = __keys(id);
      n = __n(n);
      if (!(n >= 1 && n <= ks.length)) throw new Error('key index out of range');
      var k = ks[n - 1], o = k[1].slice(0);
      o.time = k[0] / __fr; o.index = n; o.value = o.length === 1 && __once(['scalar', id]) ? o[0] : k[1].slice(0);
      return o;
    }
    function __nearest(id, t) {
      var ks = __keys(id);
      if (ks.length === 0) return { index: 0, time: 0 };
      var f = __n(t) * __fr, index = ks.length;
      if (f <= ks[0][0]) index = 1;
      else for (var i = 0; i < ks.length - 1; i++) {
        if (f === ks[i][0]) { index = i + 1; break; }
        if (f > ks[i][0] && f < ks[i + 1][0]) { index = f - ks[i][0] > ks[i + 1][0] - f ? i + 2 : i + 1; break; }
      }
      var o = __keyObject(id, index);
      return o;
    }
    function __loop(id, type, n, out) {
      var ks = __keys(id);
      type = type === undefined ? 'cycle' : String(type);
      if (ks.length < 2) return __valueAt(id, __frame / __fr);
      var first = ks[0][0], last = ks[ks.length - 1][0], f = __frame;
      if (n && __n(n) > 0) {
        var k = Math.min(__n(n), ks.length - 1);
        if (out) first = ks[ks.length - 1 - k][0]; else last = ks[k][0];
      }
      var span = last - first;
      if (out ? f <= last : f >= first) return __valueAt(id, f / __fr);
      if (span <= 0) return __valueAt(id, f / __fr);
      var cycles = out ? Math.floor((f - first) / span) : Math.floor((last - f) / span);
      var local = out ? first + (f - first) % span : last - (last - f) % span;
      if (type === 'cycle') return __valueAt(id, local / __fr);
      if (type === 'pingpong') {
        if (cycles % 2 === 1) local = out ? last - (local - first) : first + (last - local);
        return __valueAt(id, local / __fr);
      }
      if (type === 'offset') {
        var a = __valueAt(id, first / __fr), b = __valueAt(id, last / __fr), step = sub(b, a);
        var v = __valueAt(id, local / __fr);
        return out ? sum(v, mul(step, cycles)) : sub(v, mul(step, cycles));
      }
      return __no('loop ' + type);
    }
    // The value now of a property that is not the one being evaluated runs its own expression, as
    // lottie-web's does; `valueAtTime` reads keyframes only, as lottie-web's does.
    var __depth = 0, __current = null, __codes = {}, __fns = {}, __global = this;
    var __globals = ['time', 'thisComp', 'thisLayer', 'thisProperty', 'value', 'numKeys', 'key', 'nearestKey', 'valueAtTime',
      'velocityAtTime', 'velocity', 'speed', 'loopOut', 'loopIn', 'loop_out', 'loop_in', 'effect', 'content', 'transform',
      'hasParent', 'index', 'inPoint', 'outPoint', '__current'];
    function __compile(code) {
      return (0, eval)('(function () {\n' + code + '\n;return typeof $bm_rt === "undefined" ? undefined : $bm_rt; })');
    }
    function __valueNow(id) {
      if (id !== __current) {
        if (!(id in __codes)) __codes[id] = __once(['code', id]);
        if (__codes[id] !== null) return __nested(id, __codes[id]);
      }
      return __valueAt(id, __frame / __fr);
    }
    function __nested(id, code) {
      if (__depth >= 8) return __no('expressions nested more than 8 deep');
      var owner = __once(['owner', id]), saved = {}, i, r;
      for (i = 0; i < __globals.length; i++) saved[__globals[i]] = __global[__globals[i]];
      __depth++;
      try {
        __setup(id, owner.layer, owner.comp, owner.width, owner.height);
        if (!(id in __fns)) __fns[id] = __compile(code);
        r = __numbers(__fns[id]());
      } finally {
        __depth--;
        for (i = 0; i < __globals.length; i++) __global[__globals[i]] = saved[__globals[i]];
      }
      return r.length === 1 && __once(['scalar', id]) ? r[0] : r;
    }
    function __property(id) {
      var v = __valueNow(id), o = v instanceof Array ? v : new Number(v);
      o.value = v instanceof Array ? v.slice(0) : v;
      o.valueAtTime = function (t) { return __valueAt(id, __n(t)); };
      o.velocityAtTime = function (t) { var r = __ask(['velocity', id, __n(t) * __fr]); return r.length === 1 && __once(['scalar', id]) ? r[0] : r; };
      o.numKeys = __keys(id).length;
      o.key = function (n) { return __keyObject(id, n); };
      o.nearestKey = function (t) { return __nearest(id, t); };
      o.loopOut = function (type, n) { return __loop(id, type, n, true); };
      o.loopIn = function (type, n) { return __loop(id, type, n, false); };
      o.propertyGroup = function () { return __no('propertyGroup'); };
      return o;
    }
    function __member(id, name) {
      var m = __once(['member', id, __n(name)]);
      if (m.kind === 'property') return __property(m.id);
      if (m.kind === 'effect') return __group(m.id);
      return __group(m.id);
    }
    var __names = ['size', 'position', 'roundness', 'start', 'end', 'offset', 'color', 'opacity', 'strokeWidth',
      'anchorPoint', 'scale', 'rotation', 'skew', 'skewAxis', 'xPosition', 'yPosition', 'path', 'points',
      'innerRadius', 'outerRadius', 'innerRoundness', 'outerRoundness'];
    // Layers, groups and compositions read their properties when asked, at the frame then: made once.
    var __groups = {}, __layers = {}, __comps = {};
    function __group(id) {
      if (id in __groups) return __groups[id];
      var g = __groups[id] = function (name) { return __member(id, name); };
      g.content = function (name) { return __member(__once(['member', id, 'content']).id, name); };
      __names.forEach(function (name) {
        Object.defineProperty(g, name, { get: function () { return __member(id, name); } });
      });
      Object.defineProperty(g, 'transform', { get: function () { return __member(id, 'transform'); } });
      g.propertyGroup = function () { return __no('propertyGroup'); };
      return g;
    }
    function __layer(id) {
      if (id === null) throw new Error('no such layer');
      if (id in __layers) return __layers[id];
      var L = __layers[id] = __group(id), info = __once(['layerInfo', id]);
      L.effect = function (name) { return __member(__once(['member', id, 'effect']).id, name); };
      L.index = info.index; L.inPoint = info.inPoint; L.outPoint = info.outPoint; L.startTime = info.startTime;
      L.hasParent = info.parent !== null; L.name = info.name; L._name = info.name;
      Object.defineProperty(L, 'parent', { get: function () { return info.parent === null ? __no('parent of a root layer') : __layer(info.parent); } });
      L.active = true; L.enabled = true;
      ['toComp', 'fromComp', 'toWorld', 'fromWorld', 'toCompVec', 'fromCompVec', 'sourceRectAtTime', 'sampleImage', 'mask', 'text'].forEach(function (n) {
        L[n] = function () { return __no(n); };
      });
      L.marker = __markers;
      return L;
    }
    function __comp(id, w, h) {
      if (id in __comps) return __comps[id];
      return __comps[id] = { layer: function (n) { return __layer(__once(['layer', id, __n(n)])); }, frameDuration: 1 / __fr, width: w, height: h,
        numLayers: __once(['numLayers', id]), marker: __markers };
    }
    // Markers are not read: asking for one, or for how many there are, is unknown.
    var __markers = { key: function () { return __no('marker'); }, nearestKey: function () { return __no('marker'); } };
    Object.defineProperty(__markers, 'numKeys', { get: function () { return __no('marker'); } });
    // Random numbers and the clock would make the measurement differ from run to run (lottie-web's
    // differ from render to render): unknown.
    Math.random = function () { return __no('Math.random'); };
    Date = function () { return __no('Date'); };
    Date.now = Date;
    // Sets the names an expression sees for property `prop` of layer `layer` in composition
    // `comp`, at frame __frame.
    function __setup(prop, layer, comp, w, h) {
      __current = prop;
      time = __frame / __fr;
      thisComp = __comp(comp, w, h);
      thisLayer = __layer(layer);
      thisProperty = __property(prop);
      value = thisProperty.value;
      numKeys = thisProperty.numKeys;
      key = thisProperty.key; nearestKey = thisProperty.nearestKey;
      valueAtTime = thisProperty.valueAtTime; velocityAtTime = thisProperty.velocityAtTime;
      velocity = velocityAtTime(time); speed = length(velocity);
      loopOut = thisProperty.loopOut; loopIn = thisProperty.loopIn;
      loop_out = loopOut; loop_in = loopIn;
      effect = thisLayer.effect; content = thisLayer.content;
      transform = thisLayer.transform; hasParent = thisLayer.hasParent;
      index = thisLayer.index; inPoint = thisLayer.inPoint; outPoint = thisLayer.outPoint;
    }
    Object.defineProperty(this, 'parent', { get: function () { return thisLayer.parent; }, configurable: true });
    // What an expression gives, as finite numbers (at most 64: no property holds more).
    function __numbers(r) {
      r = __n(r);
      if (__isNum(r)) r = [Number(r)];
      if (!(r instanceof Array) || r.length > 64) throw new Error('not numbers');
      return __each(r, function (x) { if (!__isNum(x) || !isFinite(Number(x))) throw new Error('not numbers'); return Number(x); });
    }
    // Samples expression `code` of property `prop` on layer `layer` of composition `comp` at whole
    // frames first…last, as arrays of numbers.
    function __sample(code, prop, layer, comp, fr, w, h, first, last) {
      __fr = fr;
      __stop = false;
      var fn = __compile(code), out = [];
      for (var f = first; f <= last; f++) {
        __frame = f;
        __setup(prop, layer, comp, w, h);
        out.push(__numbers(fn()));
        if (__stop) throw new Error('unknown');
      }
      return out;
    }
    """#
}
