import Foundation
import PackagePlugin

/// Builds the playground page's files into the binary: every `.html`, `.css`, `.js` and `.ts`
/// (listdiff.js's declarations, `listdiff.d.ts`) under the target's `Page` folder becomes a
/// string in a generated Swift file, so the server needs no files beside it (the Docker image
/// and the working directory do not matter).
@main
struct EmbedPlaygroundFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let page = target.directoryURL.appending(path: "Page")
        let names = try FileManager.default.contentsOfDirectory(atPath: page.path())
            .filter { ["html", "css", "js", "ts"].contains(($0 as NSString).pathExtension) }
            .sorted()
        let inputs = names.map { page.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "PlaygroundFiles+Embedded.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.count) playground files",
                executable: try context.tool(named: "listdiff-embed").url,
                arguments: [output.path()] + inputs.map { $0.path() },
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
