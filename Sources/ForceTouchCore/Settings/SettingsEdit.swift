/// One change of the configuration the settings window or `forcectl set` asks for, made in
/// the file's text (`TOMLEditor`) and checked as the daemon checks any file: the file's
/// text in, the new text out, or why not. Pure: reading and writing the file and reloading
/// are the daemon's (`Daemon+Settings`).
public enum SettingsEdit {
    /// What to do with a setting.
    public enum Change: Hashable, Sendable {
        /// Set it to the value a person typed (`SettingKey.value`); a block (`quick-action.2`) to
        /// an inline table of the keys to set in it, in one change. A block's key that says what
        /// another says (its action, a quick action's icon) takes that other's place
        /// (`BlockKeyAlternatives`).
        case set(SettingKey, String)
        /// Remove it from the file, back to its default; for a block, the block.
        case reset(SettingKey)
        /// Move a block (`quick-action.3`) to be the `to`-th of its kind, its comments with it.
        case move(SettingKey, to: Int)
    }

    /// `text` with `change` made, after checking that the file has no error now and has
    /// none after: a file with errors is refused whole, with each error's `file:line`, and
    /// so is a change that would add one. Nothing else of the text changes. Returns the
    /// configuration the new text gives beside it.
    public static func apply(_ change: Change, to text: String, file: String,
                             lookups: ConfigurationLookups) throws(SettingError) -> (text: String, configuration: Configuration) {
        let before = try check(text, file: file, lookups: lookups)
        var editor = TOMLEditor(text)
        do {
            try edit(&editor, change, before: before)
        } catch {
            throw SettingError(error.line > 0 ? "\(file):\(error.line): \(error.message)" : "\(file): \(error.message)")
        }
        let edited = editor.text
        let after = Configuration.parse(edited, file: file, lookups: lookups)
        guard after.isValid else {
            throw SettingError("\(what(change)) refused, \(file) is unchanged; it would have \(count(after.errors)): "
                + after.errors.map(\.description).joined(separator: "; "))
        }
        return (edited, after.configuration)
    }

    /// The configuration `text` gives, or, when it has errors, a refusal naming each at its
    /// `file:line`: a file with errors is shown, never written over.
    public static func check(_ text: String, file: String, lookups: ConfigurationLookups) throws(SettingError) -> Configuration {
        let load = Configuration.parse(text, file: file, lookups: lookups)
        guard load.isValid else {
            throw SettingError("\(file) has \(count(load.errors)); nothing was changed, fix it first: "
                + load.errors.map(\.description).joined(separator: "; "))
        }
        return load.configuration
    }

    private static func edit(_ editor: inout TOMLEditor, _ change: Change, before: Configuration) throws(TOMLEditError) {
        switch change {
        case .set(.newBlock(let block), let typed):
            guard case .table(var pairs)? = TOMLEditValue(parsing: typed) else {
                throw TOMLEditError(line: 0, "a new \(block.rawValue) is an inline table of its keys, "
                    + "as { type = \"com.example.x\", title = \"X\" }")
            }
            // A quick action given no type gets one of its own (two of one type are refused).
            if block == .quickAction, !pairs.contains(where: { $0.key == "type" }) {
                let title: String
                if case .string(let t)? = pairs.first(where: { $0.key == "title" })?.value { title = t } else { title = "" }
                let type = NewQuickActionType.make(title: title, taken: Set(before.quickActions.map(\.type)))
                pairs.insert((key: "type", value: .string(type)), at: 0)
            }
            editor.appendEntry(block.rawValue, pairs)
        case .set(.block(let block, let index), let typed):
            // Several keys of one block in one change (one Undo): an app and one of its Desktop
            // Actions, `{ launch = "firefox.desktop", action = "new-window" }`.
            guard case .table(var pairs)? = TOMLEditValue(parsing: typed), !pairs.isEmpty else {
                throw TOMLEditError(line: 0, "\(block.rawValue).\(index) is set to an inline table of the keys to change, "
                    + "as { title = \"X\", exec = [\"true\"] }")
            }
            // The parsed table has its keys sorted (`action` before `launch`): the action's own key
            // is written first, then what qualifies it.
            pairs = pairs.filter { !Action.qualifiers.contains($0.key) } + pairs.filter { Action.qualifiers.contains($0.key) }
            let place = TOMLEditor.Place.entry(block.rawValue, index)
            for key in BlockKeyAlternatives.replaced(by: pairs.map(\.key), in: block) {
                try editor.remove(key, in: place)
            }
            for pair in pairs { try editor.set(pair.key, to: pair.value, in: place) }
        case .set(.blockKey(let block, let index, let key), let typed):
            let place = TOMLEditor.Place.entry(block.rawValue, index)
            for other in BlockKeyAlternatives.replaced(by: [key], in: block) { try editor.remove(other, in: place) }
            try editor.set(key, to: SettingKey.blockKey(block, index: index, key: key).value(typed), in: place)
        case .reset(.block(let block, let index)):
            try editor.removeEntry(block.rawValue, at: index)
        case .reset(.newBlock(let block)):
            throw TOMLEditError(line: 0, "\(block.rawValue).new names no block to reset")
        case .set(let key, let typed):
            let (place, name) = key.place!
            try editor.set(name, to: key.value(typed), in: place)
        case .reset(let key):
            let (place, name) = key.place!
            try editor.remove(name, in: place)
        case .move(.block(let block, let index), let to):
            try editor.moveEntry(block.rawValue, from: index, to: to)
        case .move(let key, _):
            throw TOMLEditError(line: 0, "\(key) is no block; a block is moved by its name and position, as quick-action.3")
        }
    }

    private static func what(_ change: Change) -> String {
        switch change {
        case .set(let key, let typed): "\(key) = \(key.value(typed).text)"
        case .reset(let key): "resetting \(key)"
        case .move(let key, let to): "moving \(key) to \(to)"
        }
    }

    private static func count(_ errors: [ConfigError]) -> String {
        errors.count == 1 ? "1 error" : "\(errors.count) errors"
    }
}
