#!/usr/bin/zsh -f
# zsh-complete.zsh DIR LINE...: what zsh's own completion offers at the end of each LINE (as a person
# pressing Tab there), with the completion functions in DIR; one line of output per LINE, the
# candidates sorted, space-separated. Runs an interactive zsh on a pseudo-terminal (zsh/zpty) and
# catches each candidate as it is added (compadd).
dir=$1
shift
zmodload zsh/zpty
zpty session zsh -f -i
zpty -w session "PROMPT='% ' ; fpath=($dir \$fpath); autoload -U compinit; compinit -u -D"
zpty -w session 'compadd() {
    if [[ ${@[1,(i)(-|--)]} == *-(O|A|D)\ * ]]; then builtin compadd "$@"; return; fi
    local -a added; builtin compadd -A added "$@"
    local one; for one in $added; do print -r -- "<hit>$one</hit>" >&2; done
    builtin compadd "$@"
}'
# zle drops what is typed while a command still runs: each step waits for the prompt's marker.
typeset -i n=0
wait_for() {
    local text=
    for _ in {1..200}; do
        if zpty -r -t session chunk; then
            text+=$chunk
            [[ $text == *"<mark$1>"[^\"]* ]] && { REPLY=$text; return 0; }
        else
            sleep 0.02
        fi
    done
    print -u2 "zsh-complete: no answer from zsh"; exit 1
}
zpty -w session "print '<mark'\$((0))'>'"
wait_for 0
for line in "$@"; do
    n+=1
    zpty -w -n session "$line"$'\t'
    zpty -w session $'\C-u'"print '<mark'\$(($n))'>'"
    wait_for $n
    print -r -- ${(j: :)${(ou)${(M)${(s:<hit>:)REPLY//$'\r'/}:#*</hit>*}%%</hit>*}}
done
zpty -d session
