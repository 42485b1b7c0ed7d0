// The screen's renderer: what puts the shell's frame on the nested window or the panel.
//
// `auto` takes GLES2 on a GPU's own driver and pixman otherwise. Software GL (Mesa's llvmpipe,
// softpipe, kms_swrast) is never taken unless asked for: it does on the CPU what pixman does, more
// slowly and through more of Mesa, and on a virtio-gpu card with no 3D wlroots 0.15's own check for
// it (EGL_MESA_device_software) does not see kms_swrast, which then crashed at the first frame.
// Software is told by the GL's own renderer name, the one thing every Mesa driver says alike.
//
// Before GL is started at all, the card's kernel driver is read: a card that is a display
// controller alone (firmware's framebuffer, an emulated or a USB display) or virtio-gpu with no 3D
// from its host has no GPU Mesa draws with, so `auto` takes pixman there without loading Mesa's
// software rasterizer only to pass it over (in issue 44's virtual machine that load took 11 s of
// the session's 38 s start under TCG; on a tablet, memory for a compiler it never uses).
#include "internal.h"

#include <drm.h>
#include <sys/ioctl.h>
#include <virtgpu_drm.h>

#include <EGL/egl.h>
#include <GLES2/gl2.h>
#include <wlr/render/egl.h>
#include <wlr/render/gles2.h>

/// Whether a GL renderer's name is one of Mesa's software rasterizers.
static int is_software_gl(const char *name) {
    static const char *const software[] = {"llvmpipe", "softpipe", "swrast", "SWR", "Software Rasterizer"};
    for (size_t i = 0; i < sizeof software / sizeof *software; i++)
        if (strstr(name, software[i])) return 1;
    return 0;
}

/// The GL renderer's name of a GLES2 renderer, into `out` ("" when it cannot be read).
static void read_gl_name(struct wlr_renderer *renderer, char *out, size_t len) {
    out[0] = 0;
    struct wlr_egl *egl = wlr_gles2_renderer_get_egl(renderer);
    if (!egl || !wlr_egl_make_current(egl)) return;
    // Looked up through EGL, as wlroots does: the shim links no GL library of its own.
    const GLubyte *(*get_string)(GLenum) = (const GLubyte *(*)(GLenum))eglGetProcAddress("glGetString");
    const GLubyte *name = get_string ? get_string(GL_RENDERER) : NULL;
    if (name) snprintf(out, len, "%s", (const char *)name);
    wlr_egl_unset_current(egl);
}

/// The kernel driver of the DRM device `fd` ("virtio_gpu", "i915"), into `out` ("" unread).
static void read_card_driver(int fd, char *out, size_t len) {
    out[0] = 0;
    struct drm_version version = {.name_len = len - 1, .name = out};
    if (ioctl(fd, DRM_IOCTL_VERSION, &version) != 0) {
        out[0] = 0;
        return;
    }
    out[version.name_len < len ? version.name_len : len - 1] = 0;
}

/// Whether the card behind `fd`, with kernel driver `driver`, has no GPU that Mesa draws with.
static int card_has_no_gpu(int fd, const char *driver) {
    // Display controllers that no Mesa driver renders through, alone or paired with a GPU's render
    // node (a SoC's display, "rockchip" or "msm", is paired through kmsro, and is not here).
    static const char *const display_only[] = {
        "simpledrm", "ofdrm", "efidrm", "vesadrm", "bochs-drm", "bochs", "cirrus", "cirrus-qemu", "qxl",
        "vkms",      "mgag200", "ast",  "udl",     "gud",       "hyperv_drm", "vboxvideo", "gm12u320", "evdi",
    };
    for (size_t i = 0; i < sizeof display_only / sizeof *display_only; i++)
        if (strcmp(driver, display_only[i]) == 0) return 1;
    if (strcmp(driver, "virtio_gpu") == 0) {
        // Without 3D from the host (virgl or venus), Mesa's virgl driver declines the card.
        int has_3d = 0;
        struct drm_virtgpu_getparam param = {.param = VIRTGPU_PARAM_3D_FEATURES, .value = (uintptr_t)&has_3d};
        return ioctl(fd, DRM_IOCTL_VIRTGPU_GETPARAM, &param) == 0 && !has_3d;
    }
    return 0;
}

/// GLES2 on the backend's DRM device (the panel's card, or the desktop's through DRI3); NULL
/// where there is none or it cannot be made.
static struct wlr_renderer *create_gles2(slate_comp *comp) {
    int fd = wlr_backend_get_drm_fd(comp->backend);
    if (fd < 0) return NULL;
    // Mesa's loader says each driver it tries on the way to the one it takes ("failed to create
    // dri2 screen", "falling back to kms_swrast"): the choice is said in Slate's one line instead.
    if (!getenv("EGL_LOG_LEVEL")) setenv("EGL_LOG_LEVEL", "fatal", 0);
    slate_log_silence(1);
    struct wlr_renderer *renderer = wlr_gles2_renderer_create_with_drm_fd(fd);
    slate_log_silence(0);
    return renderer;
}

struct wlr_renderer *slate_renderer_create(slate_comp *comp, slate_renderer wanted) {
    comp->gl_name[0] = 0;
    comp->card_driver[0] = 0;
    comp->renderer_fallback = SLATE_RENDERER_AS_ASKED;
    if (wanted == SLATE_RENDERER_PIXMAN) return wlr_pixman_renderer_create();
    int fd = wlr_backend_get_drm_fd(comp->backend);
    if (fd >= 0) read_card_driver(fd, comp->card_driver, sizeof comp->card_driver);
    // GLES2 asked for by name is still tried on such a card: software GL draws in a window.
    if (wanted == SLATE_RENDERER_AUTO && fd >= 0 && card_has_no_gpu(fd, comp->card_driver)) {
        comp->renderer_fallback = SLATE_RENDERER_NO_GPU;
        return wlr_pixman_renderer_create();
    }
    struct wlr_renderer *gles2 = create_gles2(comp);
    if (!gles2) {
        if (wanted == SLATE_RENDERER_GLES2) comp->renderer_fallback = SLATE_RENDERER_NO_GLES2;
        return wlr_pixman_renderer_create();
    }
    read_gl_name(gles2, comp->gl_name, sizeof comp->gl_name);
    if (!is_software_gl(comp->gl_name)) return gles2;
    // Software GL asked for by name draws in a window on a desktop. On a panel wlroots 0.15 makes it
    // on the card's render node, where kms_swrast cannot map its dumb buffers (a render node may not
    // map them) and Mesa's rasterizer wrote through a null mapping at the first frame: there, pixman
    // draws instead, and says why.
    if (wanted == SLATE_RENDERER_GLES2 && comp->backend_kind != SLATE_BACKEND_SESSION) return gles2;
    wlr_renderer_destroy(gles2);
    comp->renderer_fallback =
        wanted == SLATE_RENDERER_GLES2 ? SLATE_RENDERER_SOFTWARE_ON_PANEL : SLATE_RENDERER_SOFTWARE_PASSED_OVER;
    return wlr_pixman_renderer_create();
}

const char *slate_comp_renderer_name(slate_comp *comp) {
    if (!comp->renderer) return "";
    return wlr_renderer_is_pixman(comp->renderer) ? "pixman" : "gles2";
}

const char *slate_comp_gl_name(slate_comp *comp) { return comp->gl_name; }

const char *slate_comp_card_driver(slate_comp *comp) { return comp->card_driver; }

slate_renderer_fallback slate_comp_renderer_fallback(slate_comp *comp) { return comp->renderer_fallback; }
