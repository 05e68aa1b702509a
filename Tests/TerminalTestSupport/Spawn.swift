import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The tests' one way to start a program: posix_spawn, then waitpid.
///
/// Not Foundation's Process: it missed the exit of tmux's short-lived client (which forks the
/// server and leaves at once) and then waited for ever in waitUntilExit. Output goes to a
/// file, not a pipe: the server that `new-session` starts keeps the descriptors it was given,
/// so a pipe would never reach its end.
public enum Spawn {
    /// How many programs `start` started in this process, for the tests' tally.
    nonisolated(unsafe) public static var started = 0

    /// What one of the child's descriptors is, set up in the order given.
    public enum Descriptor {
        /// A path opened with these flags (a file created gets mode 0644).
        case file(String, Int32)
        /// A copy of a descriptor (the parent's, or one set up before).
        case copy(Int32)
    }

    /// A program that could not be started, and why.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Starts `argv` (`argv[0]` a path, or a name looked up in $PATH) with exactly
    /// `environment`. `descriptors` are set up in order, then `closing` are closed (a pty's
    /// sides, say); `newSession` gives it a session of its own (POSIX_SPAWN_SETSID), whose
    /// first terminal opened becomes its controlling one.
    public static func start(
        _ argv: [String], environment: [String: String], descriptors: [(Int32, Descriptor)],
        closing: [Int32] = [], directory: String? = nil, newSession: Bool = false
    ) throws(Failure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (fd, what) in descriptors {
            switch what {
            case let .file(path, flags): posix_spawn_file_actions_addopen(&actions, fd, path, flags, 0o644)
            case let .copy(source): posix_spawn_file_actions_adddup2(&actions, source, fd)
            }
        }
        for fd in closing { posix_spawn_file_actions_addclose(&actions, fd) }
        if let directory { _ = PtyCalls.addchdir(&actions, directory) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if newSession { posix_spawnattr_setflags(&attributes, 0x80) }
        let cArgs = argv.map { strdup($0) } + [nil]
        let cEnv = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in cArgs + cEnv { free(pointer) }
        }
        var pid: pid_t = 0
        started += 1
        let code = posix_spawnp(&pid, argv[0], &actions, &attributes, cArgs, cEnv)
        guard code == 0 else {
            throw Failure(description: "cannot start \(argv[0]): \(String(cString: strerror(code)))")
        }
        return pid
    }

    /// Waits for `pid` to end; one still running after `timeout` seconds is killed (`timedOut`).
    public static func wait(_ pid: pid_t, timeout: TimeInterval) -> (status: Int32, timedOut: Bool) {
        let end = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while true {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid || (done < 0 && errno != EINTR) { return (exitStatus(status), false) }
            if Date() > end {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                return (exitStatus(status), true)
            }
            usleep(1_000)
        }
    }

    /// nil while `pid` runs; once it has ended, its status (`exitStatus`), and it is reaped: for a
    /// caller that decides itself when a run is done.
    public static func ended(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        let done = waitpid(pid, &status, WNOHANG)
        if done == 0 || (done < 0 && errno == EINTR) { return nil }
        return done == pid ? exitStatus(status) : -1
    }

    /// A status from waitpid as the shell shows it: the exit code, or 128 + the signal.
    public static func exitStatus(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// The exit status, 128 + the signal for a killed program, -1 if it could not start.
    /// A program still running after `timeout` seconds is killed. It runs in a clean
    /// terminal environment (`cleanTerminalEnvironment`), stdin from /dev/null.
    public static func run(_ arguments: [String], outputPath: String, timeout: TimeInterval) -> Int32 {
        let pid: pid_t
        do {
            pid = try start(
                arguments, environment: cleanTerminalEnvironment(),
                descriptors: [
                    (0, .file("/dev/null", O_RDONLY)), (1, .file(outputPath, O_WRONLY | O_CREAT | O_TRUNC)),
                    (2, .copy(1)),
                ])
        } catch {
            return -1
        }
        return wait(pid, timeout: timeout).status
    }
}
