import NIOCore
import NIOPosix

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Socket failures said the way a user can act on them, instead of NIO's descriptions
/// (`SingleConnectionFailure(target: ..., error: ...)`, `bind(descriptor:ptr:bytes:): ... (errno: 98)`).
public enum ConnectionFailure {
    /// One line for `error`, thrown while connecting to a dev server or starting one.
    public static func describe(_ error: any Error) -> String {
        switch errno(of: error) {
        case EADDRINUSE?: return "the port is in use (choose another with --port, or --port 0 for any free one)"
        case EADDRNOTAVAIL?: return "that address is not one of this machine's (use 127.0.0.1, or 0.0.0.0 for every interface)"
        case EACCES?: return "not allowed to listen there (ports below 1024 need privileges: choose another with --port)"
        case ECONNREFUSED?: return "nothing is listening there (is `lunar dev` or `lunar serve` running on that port?)"
        case ETIMEDOUT?, EHOSTUNREACH?, ENETUNREACH?: return "the host does not answer (check the address, and that it is reachable)"
        default: return "\(error)"
        }
    }

    /// The errno behind a NIO failure, if it has one.
    private static func errno(of error: any Error) -> Int32? {
        switch error {
        case let error as IOError: return error.errnoCode
        case let error as NIOConnectionError:
            for failure in error.connectionErrors {
                if let code = errno(of: failure.error) { return code }
            }
            return error.dnsAError.flatMap(errno(of:)) ?? error.dnsAAAAError.flatMap(errno(of:))
        default: return nil
        }
    }
}
