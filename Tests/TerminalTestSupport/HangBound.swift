import Foundation

/// How long a test waits for something that must happen before calling it a hang (issue 20).
///
/// Every wait in the suite is for an event (a process's exit, a screen's text, a file, a
/// browser's product) and ends as soon as it happens; this bound is there only so that a
/// hang fails its own test instead of the whole run. It is long because a busy machine is
/// slow, not wrong: on a 2-core machine running the suite beside other builds a Chromium run
/// that takes 2 s idle took over 60 s, and a 10 or 20 s watchdog failed tests that worked.
public enum HangBound {
    public static let seconds: TimeInterval = 300
}
