/// What the daemon tells an overlay's intent window (`forcetouch-overlay`, SPEC §11, "The intent window") about
/// an intent run, and what the control socket's subscribers get alike: the run started
/// (where), a question it waits on, and what its handler answered. The bus's
/// `IntentStarted`, `IntentConfirm`, `IntentChoose`, `IntentNeedsValue` and `IntentResponse`
/// signals are made from these same values.

/// `{"event":"intent-started",…}`: a run the overlay shows; `id` names it in every later message
/// and in the answers (`ConfirmIntent`, `AnswerIntent`, `OpenIntentApp`).
public struct IntentStartedMessage: Codable, Hashable, Sendable {
    public var event = "intent-started"
    public var id: UInt32
    public var intent: String
    /// `title`, else the intent's name.
    public var title: String
    /// `app`, a desktop entry's file name; empty for none.
    public var app: String
    /// Where the gesture was, as for the quick-action menu (`MenuShownMessage`); 0.5, 0.5 and
    /// `pointer` for a run with no gesture: the window is centred.
    public var x: JSONNumber
    public var y: JSONNumber
    public var placement: MenuPlacement
    public var output: String
    /// False for a run with no gesture's position: the overlay centres its window.
    public var located: Bool

    public init(id: UInt32, intent: String, title: String, app: String, x: Double, y: Double,
                placement: MenuPlacement, output: String, located: Bool) {
        self.id = id
        self.intent = intent
        self.title = title
        self.app = app
        self.x = JSONNumber(x)
        self.y = JSONNumber(y)
        self.placement = placement
        self.output = output
        self.located = located
    }
}

/// `{"event":"intent-confirm"|"intent-choose"|"intent-needs-value",…}`: the run `id` waits for
/// an answer: Next or Cancel, one of `choices`, or a typed value. Unanswered within the
/// daemon's time it counts as Cancel.
public struct IntentAskMessage: Codable, Hashable, Sendable {
    /// `intent-confirm`, `intent-choose` or `intent-needs-value`.
    public var event: String
    public var id: UInt32
    public var intent: String
    public var step: [Int]
    public var title: String
    /// The question, the parameters' values filled in.
    public var prompt: String
    /// The parameter asked about (for a confirmation, the first one confirmed).
    public var parameter: String
    /// For `intent-choose`; empty otherwise.
    public var choices: [String]
    /// The parameter's type (`string`, `number`, …); empty when unknown.
    public var type: String
    /// Seconds the run waits before it counts the question as cancelled.
    public var timeout: JSONNumber

    public init(event: String, id: UInt32, intent: String, step: [Int], title: String, prompt: String,
                parameter: String, choices: [String], type: String, timeout: Double) {
        self.event = event
        self.id = id
        self.intent = intent
        self.step = step
        self.title = title
        self.prompt = prompt
        self.parameter = parameter
        self.choices = choices
        self.type = type
        self.timeout = JSONNumber(timeout)
    }
}

/// `{"event":"intent-window",…}`: what the window shows for a handler's answer: its code,
/// its output as text or the image file it names, and, once the run is over, `final`.
/// `continue-in-app` is sent too, but shows no window (the daemon opens the app).
public struct IntentWindowMessage: Codable, Hashable, Sendable {
    public var event = "intent-window"
    public var id: UInt32
    public var intent: String
    public var title: String
    /// `success`, `in-progress`, `failure`, `failure-requiring-app-launch`, `continue-in-app`…
    public var code: String
    /// The handler's or the run's message; empty for none.
    public var message: String
    /// The output as text (a JSON output as one line); empty for none or for an image.
    public var text: String
    /// The output when it is the path of an image file; empty otherwise.
    public var image: String
    public var app: String
    /// True for the run's last message: the window then dismisses itself unless touched.
    public var final: Bool

    public init(id: UInt32, intent: String, title: String, code: String, message: String, text: String,
                image: String, app: String, final: Bool) {
        self.id = id
        self.intent = intent
        self.title = title
        self.code = code
        self.message = message
        self.text = text
        self.image = image
        self.app = app
        self.final = final
    }
}
