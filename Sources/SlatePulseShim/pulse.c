#include "slate_pulse.h"

#include <pulse/pulseaudio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct slate_pulse {
    pa_threaded_mainloop *loop;
    pa_context *context;
    slate_pulse_callback callback;
    void *user;
    /// The default sink's name and channel map, as last read.
    char sink[256];
    pa_channel_map channels;
    int have_sink;
    int stopping;
};

static void tell(slate_pulse *p, int available, double volume, int muted) {
    if (!p->stopping) p->callback(p->user, available, volume, muted);
}

static void sink_info(pa_context *c, const pa_sink_info *info, int eol, void *user) {
    slate_pulse *p = user;
    (void)c;
    if (eol < 0) {
        p->have_sink = 0;
        tell(p, 0, 0, 0);
        return;
    }
    if (eol > 0 || !info) return;
    snprintf(p->sink, sizeof p->sink, "%s", info->name);
    p->channels = info->channel_map;
    p->have_sink = 1;
    double volume = (double)pa_cvolume_avg(&info->volume) / (double)PA_VOLUME_NORM;
    tell(p, 1, volume, info->mute ? 1 : 0);
}

static void server_info(pa_context *c, const pa_server_info *info, void *user) {
    slate_pulse *p = user;
    if (!info || !info->default_sink_name) {
        p->have_sink = 0;
        tell(p, 0, 0, 0);
        return;
    }
    pa_operation *o = pa_context_get_sink_info_by_name(c, info->default_sink_name, sink_info, p);
    if (o) pa_operation_unref(o);
}

static void refresh(slate_pulse *p) {
    pa_operation *o = pa_context_get_server_info(p->context, server_info, p);
    if (o) pa_operation_unref(o);
}

static void subscribed(pa_context *c, pa_subscription_event_type_t type, uint32_t index, void *user) {
    (void)c;
    (void)index;
    pa_subscription_event_type_t facility = type & PA_SUBSCRIPTION_EVENT_FACILITY_MASK;
    if (facility == PA_SUBSCRIPTION_EVENT_SINK || facility == PA_SUBSCRIPTION_EVENT_SERVER) refresh(user);
}

static void state_changed(pa_context *c, void *user) {
    slate_pulse *p = user;
    switch (pa_context_get_state(c)) {
    case PA_CONTEXT_READY: {
        pa_context_set_subscribe_callback(c, subscribed, p);
        pa_operation *o = pa_context_subscribe(
            c, (pa_subscription_mask_t)(PA_SUBSCRIPTION_MASK_SINK | PA_SUBSCRIPTION_MASK_SERVER), NULL, NULL);
        if (o) pa_operation_unref(o);
        refresh(p);
        break;
    }
    case PA_CONTEXT_FAILED:
    case PA_CONTEXT_TERMINATED:
        p->have_sink = 0;
        tell(p, 0, 0, 0);
        break;
    default:
        break;
    }
}

slate_pulse *slate_pulse_start(const char *server, const char *app_name, slate_pulse_callback callback, void *user) {
    slate_pulse *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->callback = callback;
    p->user = user;
    p->loop = pa_threaded_mainloop_new();
    if (!p->loop) {
        free(p);
        return NULL;
    }
    pa_proplist *props = pa_proplist_new();
    pa_proplist_sets(props, PA_PROP_APPLICATION_NAME, app_name);
    pa_proplist_sets(props, PA_PROP_APPLICATION_ID, "org.slate.Shell");
    p->context = pa_context_new_with_proplist(pa_threaded_mainloop_get_api(p->loop), app_name, props);
    pa_proplist_free(props);
    if (!p->context) {
        pa_threaded_mainloop_free(p->loop);
        free(p);
        return NULL;
    }
    pa_context_set_state_callback(p->context, state_changed, p);
    pa_threaded_mainloop_lock(p->loop);
    int started = pa_threaded_mainloop_start(p->loop);
    if (started == 0 && pa_context_connect(p->context, server, PA_CONTEXT_NOAUTOSPAWN, NULL) < 0) {
        // No server: said once; the module stays unavailable.
        tell(p, 0, 0, 0);
    }
    pa_threaded_mainloop_unlock(p->loop);
    if (started != 0) {
        pa_context_unref(p->context);
        pa_threaded_mainloop_free(p->loop);
        free(p);
        return NULL;
    }
    return p;
}

void slate_pulse_set_volume(slate_pulse *p, double volume) {
    if (!p) return;
    if (volume < 0) volume = 0;
    if (volume > 1) volume = 1;
    pa_threaded_mainloop_lock(p->loop);
    if (p->have_sink && pa_context_get_state(p->context) == PA_CONTEXT_READY) {
        pa_cvolume v;
        pa_cvolume_set(&v, p->channels.channels ? p->channels.channels : 2, (pa_volume_t)(volume * PA_VOLUME_NORM + 0.5));
        pa_operation *o = pa_context_set_sink_volume_by_name(p->context, p->sink, &v, NULL, NULL);
        if (o) pa_operation_unref(o);
    }
    pa_threaded_mainloop_unlock(p->loop);
}

void slate_pulse_set_mute(slate_pulse *p, int muted) {
    if (!p) return;
    pa_threaded_mainloop_lock(p->loop);
    if (p->have_sink && pa_context_get_state(p->context) == PA_CONTEXT_READY) {
        pa_operation *o = pa_context_set_sink_mute_by_name(p->context, p->sink, muted ? 1 : 0, NULL, NULL);
        if (o) pa_operation_unref(o);
    }
    pa_threaded_mainloop_unlock(p->loop);
}

void slate_pulse_stop(slate_pulse *p) {
    if (!p) return;
    pa_threaded_mainloop_lock(p->loop);
    p->stopping = 1;
    pa_context_disconnect(p->context);
    pa_threaded_mainloop_unlock(p->loop);
    pa_threaded_mainloop_stop(p->loop);
    pa_context_unref(p->context);
    pa_threaded_mainloop_free(p->loop);
    free(p);
}
