import Foundation

exit(await FilmSiteCommand.run(Array(CommandLine.arguments.dropFirst())))
