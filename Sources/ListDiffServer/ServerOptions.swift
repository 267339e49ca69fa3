import ListDiffHTTP
import ListDiffJSON
import ListDiffService

/// Turns command-line flags and `LISTDIFF_*` environment variables into a configuration.
/// A flag beats its environment variable, which beats the default.
public struct ServerOptions {
    public enum ParseError: Error, CustomStringConvertible {
        /// A flag no setting has, and the one it most likely meant.
        case unknownFlag(String, suggestion: String?)
        case missingValue(String)
        case invalidValue(flag: String, value: String)
        /// Flags that are each valid but do not fit together.
        case inconsistent(String)
        /// Keys that would accept forgeries or do not say one thing.
        case keys(KeyConfigurationProblem)

        public var description: String {
            switch self {
            case .unknownFlag(let flag, let suggestion):
                return "unknown flag \(flag) (\(suggestion.map { "did you mean \($0)? " } ?? "")see --help)"
            case .missingValue(let flag): return "flag \(flag) needs a value"
            case .invalidValue(let flag, let value):
                return "invalid value '\(value)' for \(flag) (see --help for its form and range)"
            case .inconsistent(let reason): return reason
            case .keys(let problem): return problem.description
            }
        }
    }

    /// A setting: its flag, its environment variable, its help, and how it applies a value.
    struct Setting: Sendable {
        var flag: String
        var environment: String
        var help: String
        var apply: @Sendable (inout ServerSettings, String) -> Bool
    }

    /// What every setting is when neither its flag nor its variable is given: the help's defaults.
    static let defaults = ServerSettings()

    /// The settings, or nil if `--help` was asked for.
    public static func parse(arguments: [String], environment: [String: String]) throws(ParseError) -> ServerSettings? {
        var configuration = ServerSettings()
        for setting in settings {
            if let value = environment[setting.environment], !setting.apply(&configuration, value) {
                throw ParseError.invalidValue(flag: setting.environment, value: Self.shown(value, of: setting))
            }
        }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--help" || argument == "-h" { return nil }
            var flag = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard let setting = settings.first(where: { $0.flag == flag }) else {
                throw ParseError.unknownFlag(
                    argument, suggestion: NearestName.suggestion(for: flag, among: settings.map(\.flag) + ["--help"]))
            }
            if value == nil {
                index += 1
                guard index < arguments.count else { throw ParseError.missingValue(flag) }
                value = arguments[index]
            }
            let text = value ?? ""
            guard setting.apply(&configuration, text) else {
                throw ParseError.invalidValue(flag: flag, value: Self.shown(text, of: setting))
            }
            index += 1
        }
        if let password = environment["LISTDIFF_STORE_PASSWORD"] {
            switch configuration.store {
            case .redis(var endpoint) where endpoint.password == nil:
                endpoint.password = password
                configuration.store = .redis(endpoint)
            case .redisCluster(var seeds) where seeds.allSatisfy({ $0.password == nil }):
                for index in seeds.indices { seeds[index].password = password }
                configuration.store = .redisCluster(seeds)
            default:
                break
            }
        }
        if let problem = configuration.service.keyProblem { throw ParseError.keys(problem) }
        if let exposure = configuration.anonymousExposure { throw ParseError.inconsistent(exposure) }
        if !configuration.workersGiven, configuration.store != .memory {
            configuration.http.workerCount = ServerSettings.workersPerCoreForRedis * HTTPServerConfiguration.coreCount
        }
        return configuration
    }

    /// What `--help` prints: every flag, its environment variable and its help, in order.
    public static var usage: String {
        var text = "usage: listdiff-server [flags]\n\nEach flag may also be set by its environment variable.\n\n"
        for setting in settings {
            text += "  \(setting.flag) VALUE".padding(toLength: 34) + "\(setting.environment)\n      \(setting.help)\n"
        }
        return text
    }
}

extension String {
    fileprivate func padding(toLength length: Int) -> String {
        count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
