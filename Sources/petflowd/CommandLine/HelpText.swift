import PetFlowKit

/// What `--help` and `--version` print.
enum HelpText {
  static let version = PetFlowServer.version

  static let usage = """
    petflowd \(version): the PetSpot form engine, spoken over JSON-RPC 2.0 on stdin/stdout.

    USAGE
      petflowd [OPTIONS]                 serve one session on stdin/stdout
      petflowd format FIELD [TEXT]       format TEXT (or each line of stdin) as FIELD
      petflowd validate FIELD [TEXT]     validate TEXT (or each line of stdin); exit 1 if invalid
      petflowd check-flows [--strict] FILE...
                                         check flow files: FILE:POINTER: rule: message; exit 1
                                         on an error (--strict: on a warning too)
      petflowd check-flows --paths [--today YYYY-MM-DD] FILE...
                                         print each flow's covering paths as JSON lines, each
                                         with the answers that replay it and its payload

    A session is LSP-framed (Content-Length headers) unless its first byte is '{' or '[',
    which makes it newline-delimited JSON, one message per line. Try:
      echo '{"jsonrpc":"2.0","id":1,"method":"field/format","params":{"field":"chipNumber","text":"123456"}}' | petflowd

    OPTIONS
      --framing auto|lsp|ndjson   message framing (default: auto)
      --max-message-bytes N       largest message accepted (default: 8388608)
      --max-depth N               deepest JSON nesting accepted (default: 128)
      --max-batch N               most requests in one batch (default: 10000)
      --max-flows N               most live flows at once (default: 10000)
      --max-text-bytes N          longest field text in UTF-8 bytes (default: 2097152)
      --flows DIR                 also run the flows of every DIR/*.json (a file replaces the
                                  built-in flow of its id); a bad file stops start-up (exit 2)
      --log-level LEVEL           off, error, warning, info or debug, on stderr (default: warning)
      --json                      one-shot commands: print the whole result object
      -h, --help                  print this help
      -V, --version               print the version

    The protocol is documented in protocol.md.
    """
}
