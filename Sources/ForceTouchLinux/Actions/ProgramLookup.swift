import Glibc

/// Finds a program the way `posix_spawnp` will, so that an action can say "not installed"
/// before anything starts: a name with a slash is that file, any other the first executable
/// regular file of that name in `PATH`.
enum ProgramLookup {
    /// The path `program` would run from, or nil when there is none.
    static func path(of program: String, searchPath: String?) -> String? {
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        for dir in (searchPath ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/\(program)"
            var st = stat()
            if stat(candidate, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }
}
