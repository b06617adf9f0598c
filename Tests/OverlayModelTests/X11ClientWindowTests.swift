import OverlayModel
import Testing

/// The client window under a top-level one, over trees as the X servers of the on-host tests
/// have them (xwininfo -tree, with each window's WM_STATE and _NET_WM_PID).
@Suite struct X11ClientWindowTests {
    typealias Node = X11ClientWindow.Node

    /// openbox's frame of the Links window (under-finger-lookup-on-host.sh): the frame, its
    /// decorations (title bar, handle, grips), and the client, reparented into it, with WM_STATE.
    static let openboxFrame = [
        Node(parent: nil, wmState: false, pid: false),
        Node(parent: 0, wmState: false, pid: false),  // the title bar, topmost
        Node(parent: 1, wmState: false, pid: false),  // its label
        Node(parent: 0, wmState: true, pid: true),    // the client
        Node(parent: 3, wmState: false, pid: false),  // a GTK subwindow of it
        Node(parent: 0, wmState: false, pid: false),  // the handle
    ]

    @Test func aWindowManagersFrameGivesItsClient() {
        #expect(X11ClientWindow.client(in: Self.openboxFrame) == 3)
    }

    @Test func aWindowWithoutAWindowManagerIsItsOwnClient() {
        // xfce4-panel's dock with no window manager's frame, or an override-redirect popup:
        // _NET_WM_PID on the top-level window itself.
        #expect(X11ClientWindow.client(in: [Node(parent: nil, wmState: false, pid: true),
                                             Node(parent: 0, wmState: false, pid: false)]) == 0)
        #expect(X11ClientWindow.client(in: [Node(parent: nil, wmState: true, pid: false)]) == 0)
    }

    @Test func theTopmostClientFirstAndNoDeeperThanThreeLevels() {
        let two = [Node(parent: nil, wmState: false, pid: false),
                   Node(parent: 0, wmState: true, pid: true),   // topmost
                   Node(parent: 0, wmState: true, pid: true)]
        #expect(X11ClientWindow.client(in: two) == 1)
        // Depth first: the topmost child's subtree before the next child.
        let deep = [Node(parent: nil, wmState: false, pid: false),
                    Node(parent: 0, wmState: false, pid: false),
                    Node(parent: 0, wmState: true, pid: false),
                    Node(parent: 1, wmState: true, pid: false)]
        #expect(X11ClientWindow.client(in: deep) == 3)
        // Four levels down is a toolkit's own window, not a client.
        let tooDeep = [Node(parent: nil, wmState: false, pid: false), Node(parent: 0, wmState: false, pid: false),
                       Node(parent: 1, wmState: false, pid: false), Node(parent: 2, wmState: false, pid: false),
                       Node(parent: 3, wmState: true, pid: true)]
        #expect(X11ClientWindow.client(in: tooDeep) == nil)
        #expect(X11ClientWindow.client(in: Array(tooDeep.dropLast()) + [Node(parent: 2, wmState: true, pid: true)]) == 4)
    }

    @Test func aWindowNamingNothingOrAListThatIsNoTreeHasNoClient() {
        #expect(X11ClientWindow.client(in: []) == nil)
        #expect(X11ClientWindow.client(in: [Node(parent: nil, wmState: false, pid: false)]) == nil)
        // A parent that does not come before its child is no tree: the child is never reached.
        #expect(X11ClientWindow.client(in: [Node(parent: nil, wmState: false, pid: false),
                                             Node(parent: 5, wmState: true, pid: true)]) == nil)
    }
}
