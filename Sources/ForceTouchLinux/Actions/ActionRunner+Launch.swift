import ForceTouchCore
import ForceTouchEngine

extension ActionRunner {
    /// Starts an application with `AppLauncher`. An installed application is read with
    /// GIO: a `DBusActivatable` one is asked over D-Bus (`org.freedesktop.Application`),
    /// delivered to the running instance or activating it; any other is started with the
    /// `Exec` of its Desktop Action (or its own), field codes expanded.
    func launch(_ launch: AppLaunch, label: String, _ finish: @escaping (ActionResult) -> Void) {
        let report: (Result<String, LaunchError>) -> Void = { result in
            switch result {
            case .success(let message): finish(.success(message))
            case .failure(let error): finish(.failure(error.description))
            }
        }
        switch launch {
        case .command(let argv):
            launcher.launch(argv, applicationID: launch.applicationID, label: label, completion: report)
        case .desktop(let id, let action):
            let app: DesktopApplication
            do {
                app = try DesktopEntryReader.application(id)
            } catch {
                return finish(.failure("launch: \(error.description)"))
            }
            if let action, !app.actions.contains(where: { $0.id == action }) {
                let known = app.actions.map(\.id)
                return finish(.failure("launch: \(id) has no Desktop Action \"\(action)\""
                    + (known.isEmpty ? " (it has none)" : " (it has \(known.joined(separator: ", ")))")))
            }
            if app.dbusActivatable {
                return activate(app, action: action, label: label, finish)
            }
            guard let argv = app.commandLine(action: action) else {
                return finish(.failure("launch: \(id)\(action.map { " action \($0)" } ?? ""): no Exec to run"))
            }
            launcher.launch(argv, applicationID: launch.applicationID, label: label, completion: report)
        }
    }

    /// One application's Desktop Actions as a menu, read afresh (an update of the app may
    /// have changed them); the chosen one is launched.
    func presentApplicationMenu(_ id: String, event: GestureEvent?, device: String?, label: String,
                                _ finish: @escaping (ActionResult) -> Void) {
        let app: DesktopApplication
        do {
            app = try DesktopEntryReader.application(id)
        } catch {
            return finish(.failure("quick-actions: \(error.description)"))
        }
        let store = ShortcutStore(staticItems: app.quickActionItems,
                                  maximumMenuItems: configuration.quickActionSettings.maximumMenuItems)
        presentMenu(store, event: event, device: device, label: label, finish) { [weak self] entry, finish in
            guard case .launch(let launch)? = entry.item.action else { return }
            self?.launch(launch, label: label, finish)
        }
    }

    /// `org.freedesktop.Application.Activate` or `ActivateAction` on the session bus,
    /// through `gdbus call`: a supervised short command, so that the event loop never
    /// waits for the bus.
    private func activate(_ app: DesktopApplication, action: String?, label: String,
                          _ finish: @escaping (ActionResult) -> Void) {
        var argv = ["gdbus", "call", "--session", "--dest", app.busName, "--object-path", app.objectPath, "--method"]
        if let action {
            argv += ["org.freedesktop.Application.ActivateAction", action, "[]", "{}"]
        } else {
            argv += ["org.freedesktop.Application.Activate", "{}"]
        }
        let what = action.map { "action \($0) of \(app.id)" } ?? app.id
        do {
            try children.spawn(argv, environment: [:], timeout: Timestamp.Duration(seconds: 25),
                               label: label + " activate") { exit, _ in
                finish(exit.succeeded ? .success("activated \(what) over D-Bus")
                                      : .failure("activating \(what) over D-Bus: gdbus \(exit.summary)"))
            }
        } catch {
            finish(.failure(error.description))
        }
    }
}
