#ifndef LOTTIEKIT_LOTTIEJS_H
#define LOTTIEKIT_LOTTIEJS_H
#include <stddef.h>

/// A JavaScript interpreter (Duktape, the system library) for the expressions Bodymovin exports.
/// It runs only in lottiekit's isolated worker process, which has a CPU-time limit and dies with
/// its parent: an expression that loops forever ends there.
typedef struct lk_js lk_js;

/// What the script's `__host(text)` calls: returns a malloc'd answer, or NULL to throw an Error
/// in the script.
typedef char *(*lk_js_host)(void *context, const char *request);

/// A fresh interpreter that may allocate at most `memory_limit` bytes; NULL when it cannot start.
lk_js *lk_js_new(size_t memory_limit, lk_js_host host, void *context);

/// Runs `source` (global code). On success returns 0 and sets *out to the JSON text of the
/// completion value ("null" when it has none); on an error returns 1 and sets *out to its
/// message. Free *out with lk_js_free_text.
int lk_js_eval(lk_js *js, const char *source, char **out);

void lk_js_free_text(char *text);
void lk_js_destroy(lk_js *js);
#endif
