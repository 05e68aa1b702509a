import CommandLineModel
import SelectionStore

struct HelpCommand: Command {
    static let spec = CommandSpec(
        name: "help", usage: "help [COMMAND]",
        summary: "show help for imgsel or one command",
        arguments: [("COMMAND", "the command to describe")],
        examples: ["imgsel help add"], usesSelection: false)

    let topic: Command.Type?

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 0...1)
        if let name = arguments.positionals.first {
            guard let command = CommandRegistry.find(name) else {
                throw .usage(
                    "help: unknown command '\(name)'" + Suggestion.didYouMean(name, among: CommandRegistry.names))
            }
            topic = command
        } else {
            topic = nil
        }
    }

    func run(_ context: Context) throws(ImgselError) {
        HelpText.write(topic?.spec, to: context.console)
    }
}
