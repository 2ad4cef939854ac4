import ArgumentParser
import Foundation

/// Where the network layer points, shared by `lunar run` and `lunar dev`.
struct APIOptions: ParsableArguments {
    @Option(help: "The network layer's base URL (default: the bundle's mock API if it has one, else the manifest's api.baseURL).")
    var apiBaseURL: String?

    @Flag(help: "Use the manifest's api.baseURL even when the bundle has a mock API.")
    var noMockAPI = false

    func validate() throws {
        if let apiBaseURL, URL(string: apiBaseURL)?.scheme == nil {
            throw ValidationError("--api-base-url '\(apiBaseURL)' is not an absolute URL")
        }
        if apiBaseURL != nil, noMockAPI {
            throw ValidationError("give --api-base-url or --no-mock-api, not both")
        }
    }
}
