// `avanode completion bash|zsh`: a completion script written from the method table (commands,
// methods with their summaries, and each method's flags).
import { namespaces, type CliMethod } from './table.js';

const COMMANDS = ['health', 'mock', 'record', 'conformance', 'completion'];

export const completionUsage = `usage: avanode completion bash|zsh
  Prints a completion script for the shell: commands, methods (with their summaries in zsh) and each
  method's flags.
  bash: eval "$(avanode completion bash)"   (or add that line to ~/.bashrc)
  zsh:  source <(avanode completion zsh)    (or save it as _avanode in a folder of your $fpath)`;
const COMMON = ['--url', '--params', '--timeout-ms', '--no-validate', '--compact', '--help'];
const HEALTH = ['--url', '--endpoint', '--watch', '--interval-ms', '--timeout-ms', '--json', '--help'];
const MOCK = ['--host', '--port', '--public', '--unhealthy', '--overrides', '--log', '--fork-url', '--fork-cache', '--fork-height', '--fork-offline', '--help'];

function flagsOf(method: CliMethod): string[] {
  const flags = method.params.flatMap((p) => [`--${p.flag}`, ...(p.kind === 'boolean' ? [`--no-${p.flag}`] : [])]);
  return [...(method.scope ? [`--${method.scope.flag}`] : []), ...flags, ...COMMON];
}

export function bashCompletion(): string {
  const spaces = [...namespaces()];
  const top = [...spaces.map(([name]) => name), ...COMMANDS, '--help', '--version'].join(' ');
  const members = spaces.map(([name, methods]) => `    ${name}) words="${methods.map((m) => m.member).join(' ')}" ;;`);
  const flags = spaces.flatMap(([name, methods]) => methods.map((m) => `    "${name} ${m.member}") words="${flagsOf(m).join(' ')}" ;;`));
  return `# avanode completion for bash. Load it with: eval "$(avanode completion bash)"
_avanode() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" words=""
  if [[ $COMP_CWORD -eq 1 ]]; then
    words="${top}"
  elif [[ $COMP_CWORD -eq 2 && "$cur" != -* ]]; then
    case "\${COMP_WORDS[1]}" in
${members.join('\n')}
    completion) words="bash zsh" ;;
    mock) words="${MOCK.join(' ')}" ;;
    esac
  else
    case "\${COMP_WORDS[1]} \${COMP_WORDS[2]}" in
${flags.join('\n')}
    *)
      case "\${COMP_WORDS[1]}" in
      health) words="${HEALTH.join(' ')}" ;;
      mock) words="${MOCK.join(' ')}" ;;
      esac ;;
    esac
  fi
  COMPREPLY=( $(compgen -W "$words" -- "$cur") )
}
complete -F _avanode avanode
`;
}

/** zsh's _describe reads "value:description"; a colon in the value must be escaped. */
const described = (value: string, text: string) => `'${value.replace(/:/g, '\\:')}:${text.replace(/'/g, `'\\''`).replace(/\s+/g, ' ')}'`;

export function zshCompletion(): string {
  const spaces = [...namespaces()];
  const commands = [
    ...spaces.map(([name, methods]) => described(name, `${methods.length} methods`)),
    described('health', 'is the node healthy? (--watch)'),
    described('mock', 'run the mock node'),
    described('record', 'record exchanges with a live node'),
    described('conformance', 'replay the recorded exchanges'),
    described('completion', 'print a completion script'),
  ];
  const members = spaces.map(([name, methods]) => `      ${name}) methods=(${methods.map((m) => described(m.member, m.summary ?? m.method)).join(' ')}) ;;`);
  const flags = spaces.flatMap(([name, methods]) => methods.map((m) => `    "${name} ${m.member}") flags=(${flagsOf(m).join(' ')}) ;;`));
  return `#compdef avanode
# avanode completion for zsh. Load it with: source <(avanode completion zsh)
# (or save it as _avanode in a folder of your $fpath).
_avanode() {
  local -a commands methods flags
  commands=(${commands.join(' ')})
  if (( CURRENT == 2 )); then
    _describe 'command' commands
    return
  fi
  if (( CURRENT == 3 )) && [[ $words[CURRENT] != -* ]]; then
    case $words[2] in
${members.join('\n')}
      completion) methods=('bash:bash completion' 'zsh:zsh completion') ;;
    esac
    (( \${#methods} )) && _describe 'method' methods && return
  fi
  case "$words[2] $words[3]" in
${flags.join('\n')}
    *)
      case $words[2] in
        health) flags=(${HEALTH.join(' ')}) ;;
        mock) flags=(${MOCK.join(' ')}) ;;
      esac ;;
  esac
  compadd -- $flags
}
if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  _avanode "$@"
else
  compdef _avanode avanode
fi
`;
}
