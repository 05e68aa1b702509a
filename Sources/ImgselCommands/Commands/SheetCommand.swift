import CommandLineModel
import ImageDecoding
import ImageEncoding
import SelectionStore

struct SheetCommand: Command {
    static let spec = CommandSpec(
        name: "sheet", usage: "sheet OUT [--size N] [--columns C] [--no-labels]",
        summary: "the nine-grid as one PNG: a contact sheet for a CI artifact or a review",
        arguments: [("OUT", "the PNG to write, whole or not at all ('-': standard output)")],
        options: [
            OptionSpec(
                names: ["--size"], value: "N",
                help: "each cell's side in pixels; images fit inside, never enlarged (default \(defaultSize))"),
            OptionSpec(names: ["--columns"], value: "C", help: "cells a row (default 3, as the nine-grid)"),
            OptionSpec(names: ["--no-labels"], value: nil, help: "no index badges in the cells' corners"),
        ],
        examples: ["imgsel sheet upload-set.png", "imgsel sheet - --size 128 --columns 5 > review.png"])

    static let defaultSize = 256

    let output: PictureOutput
    let size: Int
    let columns: Int
    let labels: Bool

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        try Self.requireCount(arguments, 1...1, ["OUT"])
        output = try PictureOutput(validating: arguments.positionals[0], command: "sheet")
        size = try PictureOutput.number(
            arguments, "--size", command: "sheet", range: 1...DecodeLimits.maxSide, default: Self.defaultSize)
        columns = try PictureOutput.number(
            arguments, "--columns", command: "sheet", range: Selection.capacityRange, default: 3)
        labels = !arguments.has("--no-labels")
        let widest = SheetLayout(cell: size, columns: columns, count: columns)
        if widest.width > DecodeLimits.maxSide {
            throw .usage("sheet: \(columns) columns of \(size) pixels make a sheet wider than \(DecodeLimits.maxSide)")
        }
    }

    func run(_ context: Context) throws(ImgselError) {
        try output.check(context)
        let selection = try lift(store: context.store.read())
        guard !selection.items.isEmpty else { throw .emptySelection }
        let layout = SheetLayout(cell: size, columns: columns, count: selection.count)
        guard layout.height <= DecodeLimits.maxSide else {
            throw .usage(
                "sheet: \(layout.rows) rows of \(size) pixels make a sheet taller than \(DecodeLimits.maxSide)")
        }
        let jobs = selection.items.enumerated().map { EntryFile($1, path: context.absolutePath($1), index: $0 + 1) }
        let cell = size
        let pictures = Parallel.map(jobs) { job in Result { () throws(ImgselError) in try Self.picture(job, cell) } }
        var cells: [ContactSheet.Cell] = []
        var failures: [ImgselError] = []
        for (job, result) in zip(jobs, pictures) {
            switch result {
            case let .success(picture):
                cells.append(.init(picture: picture, index: job.index, current: job.index == selection.current))
            case let .failure(error):
                failures.append(error.replacingPath(job.path, with: context.displayPath(job.entry)))
            }
        }
        if let failure = ImgselError.combining(failures) { throw failure }
        let sheet: Raster
        do {
            sheet = try ContactSheet.draw(cells, layout: layout, labels: labels)
        } catch {
            throw .usage("sheet: \(error.message)")
        }
        try output.write(sheet, context)
    }

    /// One cell's picture: the entry's verified bytes decoded and fitted.
    private static func picture(_ file: EntryFile, _ cell: Int) throws(ImgselError) -> Raster {
        let entry = file.entry
        let picture = PictureLoader.bytes(file).flatMap { bytes in
            PictureLoader.picture(bytes, facts: entry.facts, crop: entry.crop, within: cell)
        }
        switch picture {
        case .success(let raster): return raster
        // A file that is not the one recorded fails the sheet as an input error (exit 3).
        case .failure(.entryFile(let problem)):
            throw ImgselError(problem.asInputError(path: file.path, index: file.index))
        case .failure(.input(let error)): throw error
        case .failure(let failure): throw .undecodable(path: file.path, problem: failure.pictureProblem)
        }
    }
}
