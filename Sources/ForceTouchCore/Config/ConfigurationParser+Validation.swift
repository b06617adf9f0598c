/// The checks that need more than one block, made in one step once every block has been
/// read on its own (ConfigurationParser.parse): a `perform` or an `intent` must name a
/// quick action or an intent that exists and is valid, quick-action types are unique across
/// the blocks and the imported Info.plist, and a `[[device]]` block or a quick action that
/// can never take effect is said. What they refuse is dropped from the configuration here,
/// so each block is still judged alone: one bad binding never drops another.
///
/// The `[[intent]]` blocks' own cross-checks (repeated names, chains) are IntentConfigParser's,
/// which runs before: intents refer only to each other.
extension ConfigurationParser {
    mutating func validate(_ config: inout Configuration,
                           quickActionBlocks: [(index: Int, item: ShortcutItem, ok: Bool)]) {
        // A device's gestures apply over [gestures]: peek must still come before pop.
        let base = config.gestures
        config.devices.removeAll { rule in
            guard let problem = rule.gestures.thresholdProblem(over: base) else { return false }
            error(ConfigPath.root.appending("device").appending(index: rule.index) / "gestures" / problem.key, problem.message)
            return true
        }
        var shadows = DeviceShadowIndex()
        for rule in config.devices { warnIfShadowed(rule, by: shadows.firstCovering(rule)) }

        // Quick actions first: their types are what `perform` may name.
        var blockIndexes: [Int] = []
        for (index, item, ok) in quickActionBlocks {
            let path = ConfigPath.root.appending("quick-action").appending(index: index)
            let refsOK = item.action.map { references($0, path) } ?? true
            // The overlay opens the path as written; a FIFO there would have blocked it.
            if case .file(let file)? = item.icon, let what = lookups.notRegularFile(file) {
                error(path / "icon-file", "\"\(file)\" is \(what), not a regular file: an icon is an image file")
                continue
            }
            if let earlier = config.quickActions.firstIndex(where: { $0.type == item.type }) {
                error(path / "type", "quick-action[\(earlier + 1)] already has type \"\(item.type)\"; types must be unique")
            } else if ok && refsOK {
                config.quickActions.append(item)
                blockIndexes.append(index)
            }
        }
        let written = config.quickActionSettings.importPlist ?? ""
        for (i, item) in importedQuickActions.enumerated() {
            if config.quickActions.contains(where: { $0.type == item.type }) {
                error(.root / "quick-actions" / "import-plist", "\(written): item \(i + 1) (\"\(item.type)\"): "
                    + "a [[quick-action]] already has this type; types must be unique")
            } else {
                config.quickActions.append(item)
            }
        }
        for (app, item) in desktopQuickActions {
            if config.quickActions.contains(where: { $0.type == item.type }) {
                error(.root / "quick-actions" / "desktop", "\(app): action \"\(item.type)\": another quick action already "
                    + "has this type; types must be unique")
            } else {
                config.quickActions.append(item)
            }
        }
        quickActionTypes = config.quickActions.map(\.type)
        warnAboutHiddenQuickActions(config, blocks: blockIndexes)

        config.bindings.removeAll { !references($0.action, ConfigPath.root.appending("binding").appending(index: $0.index)) }
        if var at = config.assistiveTouch {
            for slot in AssistiveTouch.Slot.allCases {
                if let action = at.slots[slot], !references(action, .root / "assistive-touch" / slot.rawValue) {
                    at.slots[slot] = nil
                }
            }
            config.assistiveTouch = at
        }
    }

    /// Whether what `action` (held at `path`) names exists; errors say what is missing.
    private mutating func references(_ action: Action, _ path: ConfigPath) -> Bool {
        switch action {
        case .perform(let type): validate(perform: type, path / "perform")
        case .intent(let i): validate(intent: i, path / "intent", path / "parameters")
        case .applicationMenu(let id): validate(applicationMenu: id, path / "quick-actions")
        case .launch(.desktop(let id, let action)): validate(launch: id, action: action, path)
        default: true
        }
    }

    /// The `action` of `launch = "app.desktop"` must be one of that application's Desktop
    /// Actions. An application not installed (yet) is not an error: a file may name one that
    /// comes later, and launching it says what is missing.
    private mutating func validate(launch id: String, action: String?, _ path: ConfigPath) -> Bool {
        guard let action, case .success(let app) = lookups.desktopApplication(id),
              !app.actions.contains(where: { $0.id == action }) else { return true }
        let ids = app.actions.map(\.id)
        var message = "\(id) (\(app.name)) has no Desktop Action \"\(action)\""
        if let near = KeyNames.nearest(action, in: ids) {
            message += "; did you mean \"\(near)\"?"
        } else if ids.isEmpty {
            message += "; it has none (its file has no Actions= key)"
        } else {
            message += "; its actions are \(KeyNames.list(ids))"
        }
        error(path / "action", message)
        return false
    }

    /// `quick-actions = "app.desktop"` must name an installed application with Desktop Actions.
    private mutating func validate(applicationMenu id: String, _ p: ConfigPath) -> Bool {
        switch lookups.desktopApplication(id) {
        case .failure(let failure):
            error(p, "\(id): \(failure.message)")
            return false
        case .success(let app) where app.quickActionItems.isEmpty:
            error(p, "\(id) (\(app.name)) has no Desktop Actions (its file has no Actions= key), so no menu")
            return false
        case .success:
            return true
        }
    }

    /// `perform` must name a static quick action.
    private mutating func validate(perform type: String, _ p: ConfigPath) -> Bool {
        guard quickActionTypes.contains(type) else {
            var message = "no quick action has type \"\(type)\""
            if let near = KeyNames.nearest(type, in: quickActionTypes) {
                message += "; did you mean \"\(near)\"?"
            } else if quickActionTypes.isEmpty {
                message += "; define it in a [[quick-action]] block"
            } else {
                message += "; the types are \(KeyNames.list(quickActionTypes))"
            }
            error(p, message)
            return false
        }
        return true
    }

    /// `intent` must name a valid `[[intent]]`, and each of its `parameters` overrides must
    /// name one of that intent's parameters and fit its type.
    private mutating func validate(intent action: IntentAction, _ p: ConfigPath, _ pp: ConfigPath) -> Bool {
        let name = action.name
        guard let definition = intentDefinitions.first(where: { $0.name == name }) else {
            let names = intentDefinitions.map(\.name)
            var message = "no intent is named \"\(name)\""
            if let near = KeyNames.nearest(name, in: names) {
                message += "; did you mean \"\(near)\"?"
            } else if names.isEmpty {
                message += "; define it in an [[intent]] block"
            } else {
                message += "; the intents are \(KeyNames.list(names))"
            }
            error(p, message)
            return false
        }
        var ok = true
        for (key, value) in action.parameters.sorted(by: { $0.key < $1.key }) {
            guard let parameter = definition.parameters.first(where: { $0.name == key }) else {
                var message = "intent \"\(name)\" has no parameter \"\(key)\""
                if let near = KeyNames.nearest(key, in: definition.parameters.map(\.name)) {
                    message += "; did you mean \"\(near)\"?"
                }
                error(pp / key, message)
                ok = false
                continue
            }
            if case .failure(let e) = IntentValue.coerce(value.jsonValue, to: parameter.type) {
                error(pp / key, "\(e) (parameter \"\(key)\" is a \(parameter.type.rawValue))")
                ok = false
            }
        }
        return ok
    }

    /// The first matching block wins (DeviceRule), so a block after one that matches
    /// everything it would match never applies: kept, since the file still means something,
    /// but said, on the shadowed block's line.
    private mutating func warnIfShadowed(_ rule: DeviceRule, by first: DeviceRule?) {
        guard let first else { return }
        let path = ConfigPath.root.appending("device").appending(index: rule.index)
        let why = first.match.matchesEveryDevice ? "matches every device" : "matches every device this one does"
        warning(path, "this block never applies: device[\(first.index)] (line \(first.line)) \(why), "
            + "and only the first matching block is used; move this block above it")
    }

    /// The menu shows the static items first and at most `max-items` in all, so those past
    /// the limit are never shown: a warning on the first of them (its block, or the
    /// `import-plist` that brought it), since the file is otherwise fine.
    /// - Parameter blocks: the `[[quick-action]]` index of each item that came from a block,
    ///   in order; the items after them were imported.
    private mutating func warnAboutHiddenQuickActions(_ config: Configuration, blocks: [Int]) {
        let limit = config.quickActionSettings.maximumMenuItems
        let total = config.quickActions.count
        guard total > limit else { return }
        let hidden = total - limit
        var message = "the menu shows at most \(limit) item\(limit == 1 ? "" : "s") ([quick-actions] max-items), "
            + "so \(hidden) of the \(total) static quick actions \(hidden == 1 ? "is" : "are") never shown"
        if limit < blocks.count {
            warning(ConfigPath.root.appending("quick-action").appending(index: blocks[limit]),
                    message + ", from this one on")
        } else {
            let plist = config.quickActionSettings.importPlist ?? "the Info.plist"
            message += ": \(plist) item \(limit - blocks.count + 1) (\"\(config.quickActions[limit].type)\") and after"
            warning(.root / "quick-actions" / "import-plist", message)
        }
    }
}
