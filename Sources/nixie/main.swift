import Glibc
import NixieCLI

exit(NixieMain.run(Array(CommandLine.arguments.dropFirst())))
