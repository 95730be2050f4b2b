#ifndef LOTTIEKIT_PNGRECOMPRESS_H
#define LOTTIEKIT_PNGRECOMPRESS_H
#include <stddef.h>

/// Re-encodes a PNG with the same pixels: its rows read without any transformation (same size,
/// bit depth, colour type and palette), written back with libpng's per-row filter choice and
/// zlib's best compression, without interlacing. Every other chunk libpng reads is written back;
/// unknown chunks are kept. Returns 0 and sets *out (free with lk_png_free) on success, and a
/// negative value when libpng cannot read or write the image (nothing is allocated then).
int lk_png_recompress(const unsigned char *data, size_t size, size_t max_pixel_bytes, unsigned char **out, size_t *out_size);

/// 1 when two PNGs decode to the same size, bit depth, colour type, palette, transparency and
/// rows; 0 when they differ; negative when either cannot be read.
int lk_png_same_pixels(const unsigned char *a, size_t a_size, const unsigned char *b, size_t b_size, size_t max_pixel_bytes);

/// The image as 8-bit RGBA (straight alpha, sRGB), rows top to bottom: 0 and *out (free with
/// lk_png_free) on success, negative when it cannot be read or its pixels take more than
/// max_pixel_bytes.
int lk_png_decode_rgba(const unsigned char *data, size_t size, size_t max_pixel_bytes, unsigned char **out, unsigned *width, unsigned *height);

void lk_png_free(unsigned char *p);
#endif
