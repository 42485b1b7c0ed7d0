// PAM for the lock screen: one transaction per check, the password handed over only through the
// conversation and wiped from every buffer of ours.
#define _GNU_SOURCE
#include "slate_pam.h"

#include <security/pam_appl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// What the conversation answers with, and where the modules' messages go.
struct conversation {
    const unsigned char *password;
    size_t length;
    char *message;
    size_t message_size;
};

static void keep_message(struct conversation *c, const char *text) {
    if (!text || !c->message || c->message_size == 0) return;
    snprintf(c->message, c->message_size, "%s", text);
}

/// PAM's questions: a hidden prompt gets the password (a copy PAM owns and wipes at `pam_end`);
/// a visible prompt gets nothing (a lock screen has no user name to ask for); messages are kept.
static int converse(int count, const struct pam_message **messages, struct pam_response **responses, void *data) {
    struct conversation *c = data;
    if (count <= 0 || count > PAM_MAX_NUM_MSG) return PAM_CONV_ERR;
    struct pam_response *answers = calloc((size_t)count, sizeof(*answers));
    if (!answers) return PAM_BUF_ERR;
    for (int index = 0; index < count; index++) {
        const struct pam_message *m = messages[index];
        switch (m->msg_style) {
        case PAM_PROMPT_ECHO_OFF: {
            char *copy = malloc(c->length + 1);
            if (!copy) goto fail;
            memcpy(copy, c->password, c->length);
            copy[c->length] = '\0';
            answers[index].resp = copy;
            break;
        }
        case PAM_PROMPT_ECHO_ON:
            answers[index].resp = strdup("");
            if (!answers[index].resp) goto fail;
            break;
        case PAM_ERROR_MSG:
        case PAM_TEXT_INFO:
            keep_message(c, m->msg);
            break;
        default:
            goto fail;
        }
    }
    *responses = answers;
    return PAM_SUCCESS;
fail:
    for (int index = 0; index < count; index++) {
        if (answers[index].resp) {
            explicit_bzero(answers[index].resp, strlen(answers[index].resp));
            free(answers[index].resp);
        }
    }
    free(answers);
    return PAM_CONV_ERR;
}

slate_pam_verdict slate_pam_check(
    const char *service, const char *confdir, const char *user, const unsigned char *password, size_t length,
    char *message, size_t message_size) {
    if (message && message_size > 0) message[0] = '\0';
    struct conversation conversation = {password, length, message, message_size};
    struct pam_conv conv = {converse, &conversation};
    pam_handle_t *handle = NULL;
    int result = confdir ? pam_start_confdir(service, user, &conv, confdir, &handle)
                         : pam_start(service, user, &conv, &handle);
    if (result != PAM_SUCCESS) {
        keep_message(&conversation, pam_strerror(handle, result));
        if (handle) pam_end(handle, result);
        return SLATE_PAM_UNAVAILABLE;
    }
    slate_pam_verdict verdict;
    result = pam_authenticate(handle, 0);
    switch (result) {
    case PAM_SUCCESS:
        result = pam_acct_mgmt(handle, 0);
        if (result == PAM_SUCCESS) {
            verdict = SLATE_PAM_ACCEPTED;
            if (message && message_size > 0) message[0] = '\0';
        } else if (result == PAM_ACCT_EXPIRED || result == PAM_NEW_AUTHTOK_REQD || result == PAM_PERM_DENIED
                   || result == PAM_AUTH_ERR || result == PAM_USER_UNKNOWN) {
            verdict = SLATE_PAM_ACCOUNT_REFUSED;
            if (!message || message[0] == '\0') keep_message(&conversation, pam_strerror(handle, result));
        } else {
            verdict = SLATE_PAM_UNAVAILABLE;
            keep_message(&conversation, pam_strerror(handle, result));
        }
        break;
    case PAM_AUTH_ERR:
    case PAM_USER_UNKNOWN:
    case PAM_MAXTRIES:
    case PAM_CRED_INSUFFICIENT:
        verdict = SLATE_PAM_REFUSED;
        if (message && message_size > 0) message[0] = '\0';
        break;
    default:
        verdict = SLATE_PAM_UNAVAILABLE;
        keep_message(&conversation, pam_strerror(handle, result));
        break;
    }
    pam_end(handle, result);
    return verdict;
}
