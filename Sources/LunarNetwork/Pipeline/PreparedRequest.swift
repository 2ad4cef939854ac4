import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LunarJSON

/// A `Request` resolved against a configuration: the exact bytes to send and the key to cache under.
struct PreparedRequest {
    /// What identifies the request's answer: method, URL before filters, body, sensitive data.
    let cacheKey: String
    /// What the transport sends: the URL after filters.
    let transportRequest: TransportRequest

    init(_ request: Request, configuration: NetworkConfiguration) throws(NetworkError) {
        let address = try Self.address(of: request, configuration: configuration)
        let (body, contentType) = try Self.encodedBody(request.body, url: address)
        var url = address
        for filter in configuration.urlFilters {
            url = filter.filter(url, for: request)
        }
        // After the filters, which may rewrite the host: what is checked is what is sent.
        try configuration.hostPolicy?.check(url)

        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        urlRequest.timeoutInterval = request.timeout ?? configuration.timeout
        urlRequest.httpBody = body
        var headers: [String: String] = [:]
        func merge(_ name: String, _ value: String) {
            headers = headers.filter { $0.key.lowercased() != name.lowercased() }
            headers[name] = value
        }
        if let contentType { merge("Content-Type", contentType) }
        for (name, value) in configuration.headers { merge(name, value) }
        for (name, value) in request.headers { merge(name, value) }
        if let credentials = request.credentials { merge("Authorization", credentials.headerValue) }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            if let problem = HeaderRules.problem(name: name, value: value) {
                throw NetworkError(kind: .invalidRequest, message: problem, url: url)
            }
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }

        let sensitive = (try? request.cache?.sensitiveData?.serializedText()) ?? ""
        let bodyPrint = body.map { String(ResponseCache.fingerprint($0), radix: 16) } ?? "-"
        cacheKey = "\(request.method.rawValue) \(address.absoluteString)\nbody \(bodyPrint)\nsensitive \(sensitive)"
        transportRequest = TransportRequest(
            urlRequest: urlRequest,
            maximumBodySize: request.maximumBodySize ?? configuration.maximumBodySize,
            priority: request.priority,
            hostPolicy: configuration.hostPolicy)
    }

    /// The URL from the target, the base URLs and the query, before filters.
    private static func address(of request: Request, configuration: NetworkConfiguration) throws(NetworkError) -> URL {
        var url: URL
        switch request.target {
        case .url(let absolute):
            url = absolute
        case .path(let path):
            if let absolute = URL(string: path), absolute.scheme != nil, absolute.host != nil {
                url = absolute
            } else {
                let base = request.baseURL ?? (request.usesCDN ? configuration.cdnURL : nil) ?? configuration.baseURL
                guard let base else {
                    throw NetworkError(kind: .invalidRequest, message: "'\(path)' needs a base URL and none is configured")
                }
                // Joined as text so a base with a path (`/v1`) keeps it, unlike RFC 3986 resolution.
                var prefix = base.absoluteString
                while prefix.hasSuffix("/") { prefix.removeLast() }
                let suffix = path.drop { $0 == "/" }
                guard let joined = URL(string: suffix.isEmpty ? prefix + "/" : "\(prefix)/\(suffix)") else {
                    throw NetworkError(kind: .invalidRequest, message: "'\(path)' does not form a URL with \(base)")
                }
                url = joined
            }
        }
        guard !request.query.isEmpty else { return url }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            throw NetworkError(kind: .invalidRequest, message: "\(url) is not a valid URL", url: url)
        }
        let existing = components.percentEncodedQuery.map { $0.isEmpty ? [] : [$0] } ?? []
        components.percentEncodedQuery = (existing + [request.query.percentEncoded]).joined(separator: "&")
        guard let withQuery = components.url else {
            throw NetworkError(kind: .invalidRequest, message: "\(url) is not a valid URL", url: url)
        }
        return withQuery
    }

    private static func encodedBody(_ body: RequestBody?, url: URL) throws(NetworkError) -> (Data?, String?) {
        switch body {
        case nil:
            return (nil, nil)
        case .json(let value):
            do {
                return (try value.serialized(), "application/json")
            } catch {
                throw NetworkError(kind: .invalidRequest, message: "the JSON body cannot be encoded: \(error)", url: url)
            }
        case .form(let parameters):
            return (Data(parameters.percentEncoded.utf8), "application/x-www-form-urlencoded")
        case .multipart(let parts):
            // Derived from the content, so equal bodies are equal bytes (and share a cache key).
            let fingerprint = ResponseCache.fingerprint(parts.flatMap { Array($0.name.utf8) + $0.data })
            let boundary = "lunar-" + String(fingerprint, radix: 16) + "-" + String(fingerprint.byteSwapped, radix: 36)
            for part in parts {
                if let contentType = part.contentType, let problem = HeaderRules.problem(value: contentType, name: "Content-Type") {
                    throw NetworkError(kind: .invalidRequest, message: "multipart part \(part.name.debugDescription): \(problem)", url: url)
                }
            }
            return (multipartBody(parts, boundary: boundary), "multipart/form-data; boundary=\(boundary)")
        case .raw(let data, let contentType):
            return (data, contentType)
        }
    }

    private static func multipartBody(_ parts: [MultipartPart], boundary: String) -> Data {
        var body = Data()
        func line(_ text: String) { body.append(Data((text + "\r\n").utf8)) }
        for part in parts {
            line("--\(boundary)")
            var disposition = "Content-Disposition: form-data; name=\"\(quoted(part.name))\""
            if let filename = part.filename { disposition += "; filename=\"\(quoted(filename))\"" }
            line(disposition)
            if let contentType = part.contentType { line("Content-Type: \(contentType)") }
            line("")
            body.append(part.data)
            line("")
        }
        line("--\(boundary)--")
        return body
    }

    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: "")
    }
}
