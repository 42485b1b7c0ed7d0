// libhunspell for Swift: the spelling checker and its suggestions (Debian's libhunspell-dev).
#include <hunspell.h>
