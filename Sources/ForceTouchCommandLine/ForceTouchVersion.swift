/// The release every program reports with `--version`.
public enum ForceTouchVersion {
    public static let string = "0.2.0"
}
