// Row kernels for pixels Slate computes itself (a menu's backdrop fading over the screen beneath),
// in vector arithmetic that Swift's portable code does not reach. Only Rendering imports this.
//
// Pixels are BGRA, one uint32_t each, as Cairo's ARGB32 keeps them in memory on a little-endian
// machine. Every channel is worked in a 16-bit lane; no product can carry into the next lane.
#ifndef SLATE_PIXELS_H
#define SLATE_PIXELS_H

#include <stddef.h>
#include <stdint.h>

/// Makes `count` block values for a fade, four 16-bit lanes each, written twice (the two pixels of a
/// 2×2 block), to `line` (8 lanes a block): each channel of the mix `f`/256 of the way from `a[c]`
/// to `b[c]`, floored, with an alpha of 255, times `weight` (0…256).
void slate_fade_line(uint16_t *line, const uint32_t *a, const uint32_t *b, size_t count, uint16_t f,
                     uint16_t weight);

/// Writes `count` pixels to `out`: each channel (line + under × weight) / 256, floored, where the
/// line's value for a pixel is block (pixel + `odd`) / 2 of `line` (as `slate_fade_line` makes it),
/// so that `odd` is 1 when `out[0]` is the right pixel of its block.
void slate_fade_row(uint32_t *out, const uint32_t *under, const uint16_t *line, size_t count, unsigned odd,
                    uint16_t weight);

/// Writes `count` pixels of a stretched row to `out`: each the mix `f`/256 of the way from `a[c]` to
/// `b[c]`, each channel floored, alpha 255, for block c = (pixel + `odd`) / 2 (two pixels a block;
/// `odd` 1 when `out[0]` is the right pixel of its block).
void slate_stretch_row(uint32_t *out, const uint32_t *a, const uint32_t *b, size_t count, unsigned odd,
                       uint16_t f);

#endif
