import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Runs a program with posix_spawn and waits for it with waitpid.
///
/// Not Foundation's Process: it missed the exit of tmux's short-lived client (which forks the
/// server and leaves at once) and then waited for ever in waitUntilExit. Output goes to a
/// file, not a pipe: the server that `new-session` starts keeps the descriptors it was given,
/// so a pipe would never reach its end.
public enum Spawn {
    /// The exit status, 128 + the signal for a killed program, -1 if it could not start.
    /// A program still running after `timeout` seconds is killed. It runs in a clean
    /// terminal environment (`cleanTerminalEnvironment`), stdin from /dev/null.
    public static func run(_ arguments: [String], outputPath: String, timeout: TimeInterval) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = cleanTerminalEnvironment().map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp) == 0 else { return -1 }
        let end = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > end {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                break
            }
            usleep(1_000)
        }
        return exitCode(status)
    }

    /// Starts a program with the given environment, stdin from /dev/null and stdout and stderr
    /// into files, for a caller that decides itself when it is done (`exitStatus(of:)`).
    public static func start(
        _ arguments: [String], environment: [String: String], stdoutPath: String, stderrPath: String
    ) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv + envp { free(pointer) }
        }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp) == 0 else { return nil }
        return pid
    }

    /// nil while `pid` runs; once it has ended, its status as `run` gives it (and it is reaped).
    public static func exitStatus(of pid: pid_t) -> Int32? {
        var status: Int32 = 0
        let reaped = waitpid(pid, &status, WNOHANG)
        if reaped == 0 { return nil }
        return reaped == pid ? exitCode(status) : -1
    }

    private static func exitCode(_ status: Int32) -> Int32 {
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
