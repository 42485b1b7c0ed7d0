// A GTK 4 window filled with one colour, for the compositor tests:
//   colour-window TITLE COLOUR [--popup | --dialog | --button]
// COLOUR is any CSS colour. With --popup, a popover opens from a button in the bottom-right corner
// half a second after the window shows (it has to be moved to stay inside the window). With
// --dialog, a second window titled "TITLE Dialog", transient for the first, opens with it. With
// --button, the window is one big button; a click on it retitles the window "TITLE Clicked". With
// --drag-source TEXT, the window's content can be dragged, carrying TEXT; with --drop-target, a text
// dropped on the window retitles it "TITLE Dropped: TEXT". With --report-input, each press, release
// and touch the window gets (but a touch's moves) is added to its title as a word: "TITLE:
// touch-begin touch-end", "TITLE: button-press button-release", "… touch-cancel". With --select
// TEXT, the window holds an entry with TEXT in it, all of it selected at a click (the primary
// selection: GTK claims it with the serial of a press); with --paste-target, an empty entry, and the
// window is retitled "TITLE Pasted: TEXT" when TEXT comes into it (a middle click pastes the primary
// selection there). These may follow, in any order: --report-size, the window's size (as GTK
// allocated it) after its title each time it changes: "TITLE 800x600"; --header-bar, a GTK header
// bar as its title bar (dragged, GTK asks the compositor to move the window: xdg_toplevel.move);
// --min-size WxH, the window's smallest content; --ask STATE, the window is a button that asks the
// compositor for STATE when clicked: maximize, minimize or fullscreen.
#include <gtk/gtk.h>
#include <stdio.h>

static gboolean done = FALSE;

static void on_destroy(GtkWidget *w, gpointer data) {
    (void)w;
    (void)data;
    done = TRUE;
}

static void on_clicked(GtkButton *button, gpointer window) {
    (void)button;
    char *title = g_strdup_printf("%s Clicked", gtk_window_get_title(GTK_WINDOW(window)));
    gtk_window_set_title(GTK_WINDOW(window), title);
    g_free(title);
}

static GdkContentProvider *on_drag_prepare(GtkDragSource *source, double x, double y, gpointer text) {
    (void)source, (void)x, (void)y;
    return gdk_content_provider_new_typed(G_TYPE_STRING, (const char *)text);
}

static gboolean on_drop(GtkDropTarget *target, const GValue *value, double x, double y, gpointer window) {
    (void)target, (void)x, (void)y;
    if (!G_VALUE_HOLDS_STRING(value)) return FALSE;
    char *title = g_strdup_printf("%s Dropped: %s", gtk_window_get_title(GTK_WINDOW(window)), g_value_get_string(value));
    gtk_window_set_title(GTK_WINDOW(window), title);
    g_free(title);
    return TRUE;
}

static gboolean on_input(GtkEventControllerLegacy *controller, GdkEvent *event, gpointer window) {
    (void)controller;
    const char *word = NULL;
    switch (gdk_event_get_event_type(event)) {
    case GDK_BUTTON_PRESS: word = "button-press"; break;
    case GDK_BUTTON_RELEASE: word = "button-release"; break;
    case GDK_TOUCH_BEGIN: word = "touch-begin"; break;
    case GDK_TOUCH_END: word = "touch-end"; break;
    case GDK_TOUCH_CANCEL: word = "touch-cancel"; break;
    default: return FALSE;
    }
    const char *old = gtk_window_get_title(GTK_WINDOW(window));
    char *title = g_strdup_printf(strchr(old, ':') ? "%s %s" : "%s: %s", old, word);
    gtk_window_set_title(GTK_WINDOW(window), title);
    g_free(title);
    return FALSE;
}

static void on_text_changed(GtkEditable *editable, gpointer window) {
    const char *text = gtk_editable_get_text(editable);
    if (!*text) return;
    char *title = g_strdup_printf("%s Pasted: %s", g_object_get_data(G_OBJECT(window), "title"), text);
    gtk_window_set_title(GTK_WINDOW(window), title);
    g_free(title);
}

static char *base_title;

static void on_resize(GtkDrawingArea *area, int width, int height, gpointer window) {
    (void)area, (void)width, (void)height;
    char *title = g_strdup_printf("%s %dx%d", base_title, gtk_widget_get_width(GTK_WIDGET(window)),
                                  gtk_widget_get_height(GTK_WIDGET(window)));
    gtk_window_set_title(GTK_WINDOW(window), title);
    g_free(title);
}

static gboolean select_all(gpointer entry) {
    gtk_widget_grab_focus(GTK_WIDGET(entry));
    gtk_editable_select_region(GTK_EDITABLE(entry), 0, 0);
    gtk_editable_select_region(GTK_EDITABLE(entry), 0, -1);
    return G_SOURCE_REMOVE;
}

/// All selected at each click (GTK claims the primary selection with the click's serial).
static void on_click_released(GtkGestureClick *gesture, int n, double x, double y, gpointer entry) {
    (void)gesture, (void)n, (void)x, (void)y;
    g_timeout_add(50, select_all, entry);
}

static void on_ask(GtkButton *button, gpointer window) {
    const char *state = g_object_get_data(G_OBJECT(button), "state");
    if (g_str_equal(state, "maximize")) gtk_window_maximize(GTK_WINDOW(window));
    if (g_str_equal(state, "minimize")) gtk_window_minimize(GTK_WINDOW(window));
    if (g_str_equal(state, "fullscreen")) gtk_window_fullscreen(GTK_WINDOW(window));
}

static gboolean has_flag(int argc, char **argv, const char *flag) {
    for (int i = 3; i < argc; i++)
        if (g_str_equal(argv[i], flag)) return TRUE;
    return FALSE;
}

static const char *flag_value(int argc, char **argv, const char *flag) {
    for (int i = 3; i + 1 < argc; i++)
        if (g_str_equal(argv[i], flag)) return argv[i + 1];
    return NULL;
}

static gboolean open_popover(gpointer popover) {
    gtk_popover_popup(GTK_POPOVER(popover));
    return G_SOURCE_REMOVE;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        g_printerr("usage: colour-window TITLE COLOUR [--popup]\n");
        return 2;
    }
    gtk_init();
    GtkWidget *window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(window), argv[1]);
    gtk_window_set_default_size(GTK_WINDOW(window), 400, 300);
    char *css = g_strdup_printf("window, window > * { background: %s; }", argv[2]);
    GtkCssProvider *provider = gtk_css_provider_new();
    gtk_css_provider_load_from_data(provider, css, -1);
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(provider),
                                               GTK_STYLE_PROVIDER_PRIORITY_USER);
    g_free(css);
    if (argc > 3 && g_str_equal(argv[3], "--popup")) {
        GtkWidget *button = gtk_button_new_with_label("Menu");
        gtk_widget_set_halign(button, GTK_ALIGN_END);
        gtk_widget_set_valign(button, GTK_ALIGN_END);
        GtkWidget *popover = gtk_popover_new();
        GtkWidget *label = gtk_label_new("A popover with some lines\nthat is taller than\nthe space under the button\n.\n.\n.");
        gtk_popover_set_child(GTK_POPOVER(popover), label);
        gtk_widget_set_parent(popover, button);
        gtk_popover_set_position(GTK_POPOVER(popover), GTK_POS_BOTTOM);
        gtk_window_set_child(GTK_WINDOW(window), button);
        g_timeout_add(500, open_popover, popover);
    }
    if (argc > 3 && g_str_equal(argv[3], "--button")) {
        GtkWidget *button = gtk_button_new_with_label("Tap me");
        g_signal_connect(button, "clicked", G_CALLBACK(on_clicked), window);
        gtk_window_set_child(GTK_WINDOW(window), button);
    }
    if (argc > 4 && g_str_equal(argv[3], "--drag-source")) {
        GtkWidget *label = gtk_label_new(argv[4]);
        GtkDragSource *source = gtk_drag_source_new();
        gtk_drag_source_set_actions(source, GDK_ACTION_COPY);
        g_signal_connect(source, "prepare", G_CALLBACK(on_drag_prepare), argv[4]);
        gtk_widget_add_controller(label, GTK_EVENT_CONTROLLER(source));
        gtk_window_set_child(GTK_WINDOW(window), label);
    }
    if (argc > 3 && g_str_equal(argv[3], "--drop-target")) {
        GtkWidget *label = gtk_label_new("Drop here");
        GtkDropTarget *target = gtk_drop_target_new(G_TYPE_STRING, GDK_ACTION_COPY);
        g_signal_connect(target, "drop", G_CALLBACK(on_drop), window);
        gtk_widget_add_controller(label, GTK_EVENT_CONTROLLER(target));
        gtk_window_set_child(GTK_WINDOW(window), label);
    }
    if (argc > 4 && g_str_equal(argv[3], "--select")) {
        GtkWidget *entry = gtk_entry_new();
        gtk_editable_set_text(GTK_EDITABLE(entry), argv[4]);
        gtk_widget_set_valign(entry, GTK_ALIGN_CENTER);
        gtk_window_set_child(GTK_WINDOW(window), entry);
        GtkGesture *click = gtk_gesture_click_new();
        gtk_event_controller_set_propagation_phase(GTK_EVENT_CONTROLLER(click), GTK_PHASE_CAPTURE);
        g_signal_connect(click, "released", G_CALLBACK(on_click_released), entry);
        gtk_widget_add_controller(entry, GTK_EVENT_CONTROLLER(click));
    }
    if (argc > 3 && g_str_equal(argv[3], "--paste-target")) {
        GtkWidget *entry = gtk_entry_new();
        gtk_widget_set_valign(entry, GTK_ALIGN_FILL);
        g_object_set_data_full(G_OBJECT(window), "title", g_strdup(argv[1]), g_free);
        g_signal_connect(entry, "changed", G_CALLBACK(on_text_changed), window);
        gtk_window_set_child(GTK_WINDOW(window), entry);
    }
    if (argc > 3 && g_str_equal(argv[3], "--report-input")) {
        GtkEventController *legacy = gtk_event_controller_legacy_new();
        gtk_event_controller_set_propagation_phase(legacy, GTK_PHASE_CAPTURE);
        g_signal_connect(legacy, "event", G_CALLBACK(on_input), window);
        gtk_widget_add_controller(window, legacy);
    }
    if (has_flag(argc, argv, "--header-bar")) gtk_window_set_titlebar(GTK_WINDOW(window), gtk_header_bar_new());
    if (has_flag(argc, argv, "--report-size")) {
        base_title = argv[1];
        GtkWidget *area = gtk_drawing_area_new();
        g_signal_connect(area, "resize", G_CALLBACK(on_resize), window);
        const char *min = flag_value(argc, argv, "--min-size");
        int w = 0, h = 0;
        if (min && sscanf(min, "%dx%d", &w, &h) == 2) gtk_widget_set_size_request(area, w, h);
        gtk_window_set_child(GTK_WINDOW(window), area);
    }
    const char *ask = flag_value(argc, argv, "--ask");
    if (ask) {
        GtkWidget *button = gtk_button_new_with_label(ask);
        g_object_set_data(G_OBJECT(button), "state", (gpointer)ask);
        g_signal_connect(button, "clicked", G_CALLBACK(on_ask), window);
        gtk_window_set_child(GTK_WINDOW(window), button);
    }
    g_signal_connect(window, "destroy", G_CALLBACK(on_destroy), NULL);
    gtk_window_present(GTK_WINDOW(window));
    if (argc > 3 && g_str_equal(argv[3], "--dialog")) {
        GtkWidget *dialog = gtk_window_new();
        char *title = g_strdup_printf("%s Dialog", argv[1]);
        gtk_window_set_title(GTK_WINDOW(dialog), title);
        g_free(title);
        gtk_window_set_transient_for(GTK_WINDOW(dialog), GTK_WINDOW(window));
        gtk_window_set_default_size(GTK_WINDOW(dialog), 300, 200);
        gtk_window_present(GTK_WINDOW(dialog));
    }
    while (!done) g_main_context_iteration(NULL, TRUE);
    return 0;
}
