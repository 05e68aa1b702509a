import CommandLineModel
import SelectionStore

struct CompletionCommand: Command {
    static let shells = ["bash", "zsh", "fish"]

    static let spec = CommandSpec(
        name: "completion", usage: "completion bash|zsh|fish",
        summary: "print a shell completion script",
        arguments: [("SHELL", "bash, zsh or fish")],
        examples: [
            "source <(imgsel completion bash)", "imgsel completion zsh > ~/.zfunc/_imgsel",
            "imgsel completion fish > ~/.config/fish/completions/imgsel.fish",
        ],
        usesSelection: false)

    let shell: String

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 1...1, ["SHELL (bash, zsh or fish)"])
        let name = arguments.positionals[0]
        guard Self.shells.contains(name) else {
            throw .usage(
                "completion: unknown shell '\(name)', not one of bash, zsh, fish"
                    + Suggestion.didYouMean(name, among: Self.shells))
        }
        shell = name
    }

    func run(_ context: Context) throws(ImgselError) {
        let script = CompletionScripts.script(for: shell)
        if context.json {
            context.console.json(.object([("shell", .string(shell)), ("script", .string(script))]))
        } else {
            context.console.raw(script)
        }
    }
}
