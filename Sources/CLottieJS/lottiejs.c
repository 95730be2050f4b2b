#include "lottiejs.h"
#include <duktape.h>
#include <stdlib.h>
#include <string.h>

struct lk_js {
  duk_context *ctx;
  size_t used, limit;
  lk_js_host host;
  void *context;
};

/* Every block carries its size in front, so that the heap's total stays under the limit. */
typedef union { size_t size; max_align_t align; } lk_header;

static void *lk_alloc(void *udata, duk_size_t size) {
  lk_js *js = udata;
  if (size == 0) return NULL;
  if (size > js->limit - js->used) return NULL;
  lk_header *h = malloc(sizeof(lk_header) + size);
  if (!h) return NULL;
  h->size = size;
  js->used += size;
  return h + 1;
}

static void lk_free(void *udata, void *ptr) {
  lk_js *js = udata;
  if (!ptr) return;
  lk_header *h = (lk_header *)ptr - 1;
  js->used -= h->size;
  free(h);
}

static void *lk_realloc(void *udata, void *ptr, duk_size_t size) {
  lk_js *js = udata;
  if (!ptr) return lk_alloc(udata, size);
  if (size == 0) { lk_free(udata, ptr); return NULL; }
  lk_header *h = (lk_header *)ptr - 1;
  size_t old = h->size;
  if (size > old && size - old > js->limit - js->used) return NULL;
  lk_header *n = realloc(h, sizeof(lk_header) + size);
  if (!n) return NULL;
  js->used = js->used - old + size;
  n->size = size;
  return n + 1;
}

static void lk_fatal(void *udata, const char *msg) {
  (void)udata;
  (void)msg;
  abort();
}

static duk_ret_t lk_host_call(duk_context *ctx) {
  duk_memory_functions funcs;
  duk_get_memory_functions(ctx, &funcs);
  lk_js *js = funcs.udata;
  const char *request = duk_safe_to_string(ctx, 0);
  char *answer = js->host(js->context, request);
  if (!answer) return duk_error(ctx, DUK_ERR_ERROR, "unknown in this environment: %s", request);
  duk_push_string(ctx, answer);
  free(answer);
  return 1;
}

lk_js *lk_js_new(size_t memory_limit, lk_js_host host, void *context) {
  lk_js *js = calloc(1, sizeof(lk_js));
  if (!js) return NULL;
  js->limit = memory_limit;
  js->host = host;
  js->context = context;
  js->ctx = duk_create_heap(lk_alloc, lk_realloc, lk_free, js, lk_fatal);
  if (!js->ctx) { free(js); return NULL; }
  duk_push_c_function(js->ctx, lk_host_call, 1);
  duk_put_global_string(js->ctx, "__host");
  return js;
}

static duk_ret_t lk_encode(duk_context *ctx, void *udata) {
  (void)udata;
  if (duk_is_undefined(ctx, -1)) { duk_pop(ctx); duk_push_null(ctx); }
  duk_json_encode(ctx, -1);
  return 1;
}

static char *lk_copy(const char *s) {
  size_t n = strlen(s);
  char *out = malloc(n + 1);
  if (out) memcpy(out, s, n + 1);
  return out;
}

int lk_js_eval(lk_js *js, const char *source, char **out) {
  duk_context *ctx = js->ctx;
  int failed = duk_peval_string(ctx, source) != 0;
  if (!failed) failed = duk_safe_call(ctx, lk_encode, NULL, 1, 1) != 0;
  const char *text = duk_safe_to_string(ctx, -1);
  *out = lk_copy(text ? text : "null");
  duk_pop(ctx);
  return failed;
}

void lk_js_free_text(char *text) { free(text); }

void lk_js_destroy(lk_js *js) {
  if (!js) return;
  duk_destroy_heap(js->ctx);
  free(js);
}
