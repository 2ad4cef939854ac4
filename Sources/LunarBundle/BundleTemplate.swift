import Foundation

/// The files `lunar new NAME` writes: a bundle with one screen, its
/// view-model (a signal property bound to a field), a spec, a mock API
/// answer, and the editor and lint set-up. It passes `lunar check`.
///
/// The files are real files in `Sources/LunarBundle/Template/`, embedded at build time
/// (`.embedInCode` in Package.swift), so luacheck and editors read them like any bundle.
/// `{{name}}` and `{{bridgeAPI}}` in them are replaced. An embedded file is named by its file
/// name alone, so the view-model is `viewmodels/home_viewmodel.lua` there (the screen has
/// `home.lua`) and the dot files are `gitignore` and `luacheckrc`.
public enum BundleTemplate {
    /// Relative path → contents, sorted by path.
    public static func files(name: String, bridgeAPI: String) -> [(path: String, contents: String)] {
        let files: [(String, [UInt8])] = [
            (".gitignore", PackageResources.gitignore),
            (".luacheckrc", PackageResources.luacheckrc),
            ("manifest.json", PackageResources.manifest_json),
            ("mock-api/GET/hello.json", PackageResources.hello_json),
            ("screens/home.lua", PackageResources.home_lua),
            ("spec/home_spec.lua", PackageResources.home_spec_lua),
            ("viewmodels/home.lua", PackageResources.home_viewmodel_lua),
        ]
        return files.map { path, bytes in
            let text = String(decoding: bytes, as: UTF8.self)
                .replacingOccurrences(of: "{{name}}", with: name)
                .replacingOccurrences(of: "{{bridgeAPI}}", with: bridgeAPI)
            return (path, text)
        }
    }
}
