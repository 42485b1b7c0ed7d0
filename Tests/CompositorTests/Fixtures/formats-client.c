// One window for each pixel format the compositor's wl_shm offers, each titled with its format's
// code (such as "XR30") and drawn in that format: four quarters, red, green and blue (top-left,
// top-right, bottom-left) and white, opaque. Each pixel is put together here from the format's own
// layout (its DRM fourcc), as a program drawing in that format would. Prints "formats N" on stdout
// once every window is drawn, and a line "unknown CODE" for a format it cannot draw in. With
// `--too-big`, one window titled "Too big" whose buffer is wider than the shell reads (16400 × 2).
#include "fixture-client.h"

enum { W = 64, H = 48, MAX_FORMATS = 64 };

/// A packed RGB layout: bits a pixel, and for each of red, green, blue and alpha (or padding, for
/// an X format: drawn as ones, as programs do) its shift and width in the little-endian word.
struct layout {
    uint32_t fourcc;
    int bytes;
    int shift[4], bits[4];
};

#define FOURCC(a, b, c, d) ((uint32_t)(a) | ((uint32_t)(b) << 8) | ((uint32_t)(c) << 16) | ((uint32_t)(d) << 24))

// From the layouts in drm_fourcc.h: "[31:0] A:R:G:B 8:8:8:8 little endian" and so on.
static const struct layout layouts[] = {
    {FOURCC('A', 'R', '2', '4'), 4, {16, 8, 0, 24}, {8, 8, 8, 8}},
    {FOURCC('X', 'R', '2', '4'), 4, {16, 8, 0, 24}, {8, 8, 8, 8}},
    {FOURCC('A', 'B', '2', '4'), 4, {0, 8, 16, 24}, {8, 8, 8, 8}},
    {FOURCC('X', 'B', '2', '4'), 4, {0, 8, 16, 24}, {8, 8, 8, 8}},
    {FOURCC('R', 'A', '2', '4'), 4, {24, 16, 8, 0}, {8, 8, 8, 8}},
    {FOURCC('R', 'X', '2', '4'), 4, {24, 16, 8, 0}, {8, 8, 8, 8}},
    {FOURCC('B', 'A', '2', '4'), 4, {8, 16, 24, 0}, {8, 8, 8, 8}},
    {FOURCC('B', 'X', '2', '4'), 4, {8, 16, 24, 0}, {8, 8, 8, 8}},
    {FOURCC('A', 'R', '3', '0'), 4, {20, 10, 0, 30}, {10, 10, 10, 2}},
    {FOURCC('X', 'R', '3', '0'), 4, {20, 10, 0, 30}, {10, 10, 10, 2}},
    {FOURCC('A', 'B', '3', '0'), 4, {0, 10, 20, 30}, {10, 10, 10, 2}},
    {FOURCC('X', 'B', '3', '0'), 4, {0, 10, 20, 30}, {10, 10, 10, 2}},
    {FOURCC('R', 'G', '1', '6'), 2, {11, 5, 0, 0}, {5, 6, 5, 0}},
    {FOURCC('B', 'G', '1', '6'), 2, {0, 5, 11, 0}, {5, 6, 5, 0}},
    {FOURCC('R', 'G', '2', '4'), 3, {16, 8, 0, 0}, {8, 8, 8, 0}},
    {FOURCC('B', 'G', '2', '4'), 3, {0, 8, 16, 0}, {8, 8, 8, 0}},
};

static uint32_t formats[MAX_FORMATS];
static int format_count;

/// wl_shm's two formats with numbers of their own, as fourcc codes.
static uint32_t fourcc_of(uint32_t format) {
    if (format == WL_SHM_FORMAT_ARGB8888) return FOURCC('A', 'R', '2', '4');
    if (format == WL_SHM_FORMAT_XRGB8888) return FOURCC('X', 'R', '2', '4');
    return format;
}

static void shm_format(uint32_t format) {
    if (format_count < MAX_FORMATS) formats[format_count++] = format;
}

static int configured[MAX_FORMATS];

/// A channel value of 0 or 1 at `bits` bits.
static uint32_t channel(int on, int bits) { return on ? (bits >= 32 ? 0xffffffffu : (1u << bits) - 1) : 0; }

/// A buffer of the format `f`, `W` × `H` pixels, drawn with the four quarters.
static struct wl_buffer *drawn(const struct layout *f, uint32_t wl_format, int W, int H) {
    int stride = (W * f->bytes + 3) / 4 * 4;
    void *pixels = NULL;
    struct wl_buffer *buffer = fixture_buffer(W, H, stride, wl_format, &pixels);
    if (!buffer) return NULL;
    uint8_t *p = pixels;
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) {
            int right = x >= W / 2, bottom = y >= H / 2;
            int r = (!right && !bottom) || (right && bottom);
            int g = (right && !bottom) || (right && bottom);
            int b = (!right && bottom) || (right && bottom);
            int rgba[4] = {r, g, b, 1};
            uint32_t v = 0;
            for (int c = 0; c < 4; c++) v |= channel(rgba[c], f->bits[c]) << f->shift[c];
            for (int k = 0; k < f->bytes; k++) p[y * stride + x * f->bytes + k] = (uint8_t)(v >> (8 * k));
        }
    }
    munmap(pixels, (size_t)(stride * H));
    return buffer;
}

int main(int argc, char **argv) {
    int too_big = argc > 1 && !strcmp(argv[1], "--too-big");
    fixture_shm_format = shm_format;
    struct wl_display *display = fixture_connect();
    if (!display) return 1;
    struct wl_surface *surfaces[MAX_FORMATS];
    int shown = 0;
    for (int i = 0; i < format_count && !(too_big && shown == 1); i++) {
        uint32_t code = fourcc_of(formats[i]);
        const struct layout *f = NULL;
        for (size_t k = 0; k < sizeof layouts / sizeof *layouts; k++)
            if (layouts[k].fourcc == code) f = &layouts[k];
        char name[5] = {(char)code, (char)(code >> 8), (char)(code >> 16), (char)(code >> 24), 0};
        if (!f) {
            printf("unknown %s\n", name);
            continue;
        }
        struct wl_surface *s = wl_compositor_create_surface(compositor);
        fixture_toplevel(s, too_big ? "Too big" : name, &configured[shown]);
        wl_surface_commit(s);
        while (!configured[shown] && wl_display_dispatch(display) != -1) {
        }
        struct wl_buffer *b = too_big ? drawn(f, formats[i], 16400, 2) : drawn(f, formats[i], W, H);
        if (!b) return 1;
        wl_surface_attach(s, b, 0, 0);
        wl_surface_damage(s, 0, 0, W, H);
        wl_surface_commit(s);
        surfaces[shown++] = s;
    }
    wl_display_roundtrip(display);
    printf("formats %d\n", shown);
    fflush(stdout);
    while (!closed && wl_display_dispatch(display) != -1) {
    }
    (void)surfaces;
    wl_display_disconnect(display);
    return 0;
}
