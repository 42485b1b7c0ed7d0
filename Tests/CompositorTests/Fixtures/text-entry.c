// A GTK 4 window with one text field, for the tests of the keyboard on the glass:
//   text-entry TITLE [--password]
// The field has the focus (GTK speaks zwp_text_input_v3 to the compositor for it; --password makes it
// a password field). The window's title says what the field got: "TITLE: TEXT | preedit: P", TEXT its
// text and P every preedit it showed (the text at the caret not yet typed), joined in order.
#include <gtk/gtk.h>

static gboolean done = FALSE;
static const char *name;
static GString *preedits;
static GtkWidget *field;
static GtkWidget *window;

static void retitle(void) {
    const char *text = gtk_editable_get_text(GTK_EDITABLE(field));
    char *title = g_strdup_printf("%s: %s | preedit: %s", name, text, preedits->str);
    gtk_window_set_title(GTK_WINDOW(window), title);
    g_free(title);
}

static void on_changed(GtkEditable *editable, gpointer data) {
    (void)editable, (void)data;
    retitle();
}

static void on_preedit(GtkText *text, const char *preedit, gpointer data) {
    (void)text, (void)data;
    if (preedit && *preedit) g_string_append(preedits, preedit);
    retitle();
}

static void on_destroy(GtkWidget *w, gpointer data) {
    (void)w, (void)data;
    done = TRUE;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        g_printerr("usage: text-entry TITLE [--password]\n");
        return 2;
    }
    gtk_init();
    name = argv[1];
    preedits = g_string_new("");
    window = gtk_window_new();
    field = gtk_text_new();
    if (argc > 2 && g_str_equal(argv[2], "--password")) {
        gtk_text_set_visibility(GTK_TEXT(field), FALSE);
        gtk_text_set_input_purpose(GTK_TEXT(field), GTK_INPUT_PURPOSE_PASSWORD);
    }
    g_signal_connect(field, "changed", G_CALLBACK(on_changed), NULL);
    g_signal_connect(field, "preedit-changed", G_CALLBACK(on_preedit), NULL);
    gtk_window_set_child(GTK_WINDOW(window), field);
    g_signal_connect(window, "destroy", G_CALLBACK(on_destroy), NULL);
    retitle();
    gtk_window_present(GTK_WINDOW(window));
    gtk_widget_grab_focus(field);
    while (!done) g_main_context_iteration(NULL, TRUE);
    return 0;
}
