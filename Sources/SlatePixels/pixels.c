#include "slate_pixels.h"

#include <string.h>

// Clang's and GCC's vector extensions: SSE2 on x86-64, NEON on ARM, plain code elsewhere.
typedef uint16_t u16x8 __attribute__((vector_size(16)));
typedef uint8_t u8x8 __attribute__((vector_size(8)));
typedef uint16_t u16x4 __attribute__((vector_size(8)));
typedef uint8_t u8x4 __attribute__((vector_size(4)));

static inline u16x4 widen4(uint32_t p) {
    u8x4 v;
    memcpy(&v, &p, 4);
    return __builtin_convertvector(v, u16x4);
}

void slate_fade_line(uint16_t *line, const uint32_t *a, const uint32_t *b, size_t count, uint16_t f,
                     uint16_t weight) {
    const uint16_t g = (uint16_t)(256 - f);
    const u16x4 opaque = {0, 0, 0, 255};
    const u16x4 keep = {0xFFFF, 0xFFFF, 0xFFFF, 0};
    for (size_t c = 0; c < count; c++) {
        u16x4 v = (widen4(a[c]) * g + widen4(b[c]) * f) >> 8;
        v = ((v & keep) | opaque) * weight;
        memcpy(line + c * 8, &v, 8);
        memcpy(line + c * 8 + 4, &v, 8);
    }
}

void slate_fade_row(uint32_t *out, const uint32_t *under, const uint16_t *line, size_t count, unsigned odd,
                    uint16_t weight) {
    const uint16_t b = weight;
    size_t i = 0;
    if (odd && count > 0) {
        // The right pixel of the first block: its lanes are the block's second four.
        u16x4 l;
        memcpy(&l, line + 4, 8);
        u16x4 r = (l + widen4(under[0]) * b) >> 8;
        u8x4 o = __builtin_convertvector(r, u8x4);
        memcpy(out, &o, 4);
        line += 8;
        i = 1;
    }
    // Two pixels (one block) at a time.
    for (; i + 1 < count; i += 2, line += 8) {
        u8x8 t;
        memcpy(&t, under + i, 8);
        u16x8 l;
        memcpy(&l, line, 16);
        u16x8 r = (l + __builtin_convertvector(t, u16x8) * b) >> 8;
        u8x8 o = __builtin_convertvector(r, u8x8);
        memcpy(out + i, &o, 8);
    }
    if (i < count) {
        u16x4 l;
        memcpy(&l, line, 8);
        u16x4 r = (l + widen4(under[i]) * b) >> 8;
        u8x4 o = __builtin_convertvector(r, u8x4);
        memcpy(out + i, &o, 4);
    }
}

static inline uint32_t mixed(uint32_t p, uint32_t q, uint16_t f, uint16_t g) {
    const u16x4 opaque = {0, 0, 0, 255};
    const u16x4 keep = {0xFFFF, 0xFFFF, 0xFFFF, 0};
    u16x4 v = (widen4(p) * g + widen4(q) * f) >> 8;
    u8x4 o = __builtin_convertvector((v & keep) | opaque, u8x4);
    uint32_t r;
    memcpy(&r, &o, 4);
    return r;
}

void slate_stretch_row(uint32_t *out, const uint32_t *a, const uint32_t *b, size_t count, unsigned odd,
                       uint16_t f) {
    const uint16_t g = (uint16_t)(256 - f);
    const u16x8 opaque = {0, 0, 0, 255, 0, 0, 0, 255};
    const u16x8 keep = {0xFFFF, 0xFFFF, 0xFFFF, 0, 0xFFFF, 0xFFFF, 0xFFFF, 0};
    size_t i = 0;
    if (odd && count > 0) {
        out[0] = mixed(a[0], b[0], f, g);
        a++;
        b++;
        i = 1;
    }
    // Two blocks (four pixels) at a time.
    for (; i + 3 < count; i += 4, a += 2, b += 2) {
        u8x8 p, q;
        memcpy(&p, a, 8);
        memcpy(&q, b, 8);
        u16x8 v = (__builtin_convertvector(p, u16x8) * g + __builtin_convertvector(q, u16x8) * f) >> 8;
        u8x8 o = __builtin_convertvector((v & keep) | opaque, u8x8);
        uint32_t two[2];
        memcpy(two, &o, 8);
        uint32_t four[4] = {two[0], two[0], two[1], two[1]};
        memcpy(out + i, four, 16);
    }
    // What is left (under two blocks), pixel by pixel.
    for (size_t j = 0; i + j < count; j++) out[i + j] = mixed(a[j / 2], b[j / 2], f, g);
}
