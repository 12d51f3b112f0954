// Behaviour of the reference implementation (reference/BEHAVIOUR.md), shared by API/net.asmx and
// API/BWC.asmx. The wire behaviour (SOAP, HTTP GET/POST, faults) is Mono's System.Web.Services.
// State lives in static fields and is reset when the process (application domain) starts.
using System;
using System.Collections;
using System.Collections.Generic;
using System.Configuration;
using System.Globalization;
using System.IO;
using System.Security.Cryptography;
using System.Text;
using System.Text.RegularExpressions;
using System.Web;
using System.Web.Script.Serialization;

/// <summary>Named parameter values of one call, in SOAP order.</summary>
public class CallArgs : List<KeyValuePair<string, object>>
{
    public void Add(string name, object value) { Add(new KeyValuePair<string, object>(name, value)); }

    public object Get(string name)
    {
        foreach (var kv in this) if (kv.Key == name) return kv.Value;
        return null;
    }

    /// <summary>The value as text; a missing (null) value is the empty string.</summary>
    public string Text(string name)
    {
        object v = Get(name);
        if (v == null) return "";
        if (v is string) return (string)v;
        if (v is double) return ((double)v).ToString("R", CultureInfo.InvariantCulture);
        if (v is DateTime) return ((DateTime)v).ToString("o", CultureInfo.InvariantCulture);
        return Convert.ToString(v, CultureInfo.InvariantCulture);
    }
}

public sealed class ReferenceProfile
{
    public string SiteId = "";
    public string SharedKey = "";
    public string TotpSecret = "";
    public int TotpDigits = 6;
    public int TotpPeriod = 30;
    public string TotpAlgorithm = "sha1";
    public string TimeSpanFormat = "unix-seconds";
    public int UtcOffsetMinutes = 0;
    public long WindowSeconds = 300;
    public Dictionary<string, SignatureRecipe> Signatures = new Dictionary<string, SignatureRecipe>();
    public List<string> Accounts = new List<string>();
    public List<string> Uids = new List<string>();
    public List<KeyValuePair<string, string>> CarrierAccounts = new List<KeyValuePair<string, string>>();
    public List<string> Ips = new List<string>();
    public List<string> Macs = new List<string>();
    public List<long> Actions = new List<long>();
    public List<string> Availability = new List<string>();
    public List<long> ProductIds = new List<long>();
    public List<string> AllowedCallers = new List<string>();
    public string SecurityOfficeNamespace = "";
}

public sealed class SignatureRecipe
{
    public List<string> Params = new List<string>();
    public string Hash = "md5";
}

public sealed class OnlineDevice
{
    public string Account;
    public string IPAddress;
    public string MACAddress;
}

public static class CampusNetReference
{
    public const string ProfileEnvironmentVariable = "CAMPUSNET_REFERENCE_PROFILE";
    public const string ProfileAppSetting = "CampusNetReferenceProfile";

    static readonly object Gate = new object();
    static ReferenceProfile profile;

    // State (BEHAVIOUR.md, State).
    static List<string> identityUids;      // user i: identityUids[i], identityAccounts[i]
    static List<string> identityAccounts;
    static HashSet<string> billing;
    static Dictionary<string, string> availability;      // Account -> status
    static List<OnlineDevice> online;
    static Dictionary<string, string> carrierPasswords;  // username -> password
    static Dictionary<string, string> carrierBinding;    // UID -> carrier username
    static Dictionary<string, string> productByUid;      // UID -> product
    static Dictionary<string, string> carrierLog;        // UID -> last carrier username

    // ------------------------------------------------------------------ profile and state

    static void EnsureLoaded()
    {
        if (profile != null) return;
        string path = Environment.GetEnvironmentVariable(ProfileEnvironmentVariable);
        if (string.IsNullOrEmpty(path)) path = ConfigurationManager.AppSettings[ProfileAppSetting];
        if (string.IsNullOrEmpty(path))
            throw new InvalidOperationException("No reference profile: set " + ProfileEnvironmentVariable + " or appSettings " + ProfileAppSetting);
        var p = ParseProfile(File.ReadAllText(path, Encoding.UTF8));

        identityUids = new List<string>(p.Uids);
        identityAccounts = new List<string>(p.Accounts);
        billing = new HashSet<string>(p.Uids, StringComparer.Ordinal);
        availability = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var a in p.Accounts) availability[a] = "1";
        online = new List<OnlineDevice>();
        int n = Math.Min(p.Accounts.Count, Math.Min(p.Ips.Count, p.Macs.Count));
        for (int i = 0; i < n; i++) online.Add(new OnlineDevice { Account = p.Accounts[i], IPAddress = p.Ips[i], MACAddress = p.Macs[i] });
        carrierPasswords = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var c in p.CarrierAccounts) carrierPasswords[c.Key] = c.Value;
        carrierBinding = new Dictionary<string, string>(StringComparer.Ordinal);
        productByUid = new Dictionary<string, string>(StringComparer.Ordinal);
        foreach (var u in p.Uids) productByUid[u] = "1";
        carrierLog = new Dictionary<string, string>(StringComparer.Ordinal);
        profile = p;
    }

    public static string SecurityOfficeNamespace
    {
        get { lock (Gate) { EnsureLoaded(); return profile.SecurityOfficeNamespace; } }
    }

    static ReferenceProfile ParseProfile(string json)
    {
        var ser = new JavaScriptSerializer();
        ser.MaxJsonLength = int.MaxValue;
        var root = ser.DeserializeObject(json) as IDictionary<string, object>;
        if (root == null) throw new InvalidDataException("reference profile is not a JSON object");
        var p = new ReferenceProfile();
        p.SiteId = Str(root, "siteId") ?? "";
        p.SharedKey = Str(root, "sharedKey") ?? "";
        var totp = Obj(root, "totp");
        if (totp != null)
        {
            p.TotpSecret = (Str(totp, "secret") ?? "").ToUpperInvariant();
            p.TotpDigits = (int)(Num(totp, "digits") ?? 6);
            p.TotpPeriod = (int)(Num(totp, "period") ?? 30);
            p.TotpAlgorithm = (Str(totp, "algorithm") ?? "sha1").ToLowerInvariant();
        }
        var ts = Obj(root, "timeSpan");
        if (ts != null)
        {
            p.TimeSpanFormat = Str(ts, "format") ?? "unix-seconds";
            p.UtcOffsetMinutes = (int)(Num(ts, "utcOffsetMinutes") ?? 0);
            p.WindowSeconds = Num(ts, "windowSeconds") ?? 300;
        }
        var sigs = Obj(root, "signatures");
        if (sigs != null)
        {
            foreach (var kv in sigs)
            {
                var s = kv.Value as IDictionary<string, object>;
                if (s == null) continue;
                var r = new SignatureRecipe();
                r.Params = StrList(s, "params");
                r.Hash = (Str(s, "hash") ?? "md5").ToLowerInvariant();
                p.Signatures[kv.Key] = r;
            }
        }
        var f = Obj(root, "fixtures") ?? new Dictionary<string, object>();
        p.Accounts = StrList(f, "accounts");
        p.Uids = StrList(f, "uids");
        foreach (var o in Arr(f, "carrierAccounts"))
        {
            var c = o as IDictionary<string, object>;
            if (c != null) p.CarrierAccounts.Add(new KeyValuePair<string, string>(Str(c, "username") ?? "", Str(c, "password") ?? ""));
        }
        p.Ips = StrList(f, "ips");
        p.Macs = StrList(f, "macs");
        foreach (var o in Arr(f, "actions")) p.Actions.Add(Convert.ToInt64(o, CultureInfo.InvariantCulture));
        p.Availability = StrList(f, "availability");
        foreach (var o in Arr(f, "productIds")) p.ProductIds.Add(Convert.ToInt64(o, CultureInfo.InvariantCulture));
        p.AllowedCallers = StrList(root, "allowedCallers");
        p.SecurityOfficeNamespace = Str(root, "securityOfficeNamespace") ?? "";
        return p;
    }

    static IDictionary<string, object> Obj(IDictionary<string, object> d, string k)
    {
        object v; return d.TryGetValue(k, out v) ? v as IDictionary<string, object> : null;
    }

    static string Str(IDictionary<string, object> d, string k)
    {
        object v; return d.TryGetValue(k, out v) && v != null ? Convert.ToString(v, CultureInfo.InvariantCulture) : null;
    }

    static long? Num(IDictionary<string, object> d, string k)
    {
        object v; return d.TryGetValue(k, out v) && v != null ? (long?)Convert.ToInt64(v, CultureInfo.InvariantCulture) : null;
    }

    static IEnumerable<object> Arr(IDictionary<string, object> d, string k)
    {
        object v;
        if (d.TryGetValue(k, out v) && v is IEnumerable && !(v is string)) foreach (var o in (IEnumerable)v) yield return o;
    }

    static List<string> StrList(IDictionary<string, object> d, string k)
    {
        var l = new List<string>();
        foreach (var o in Arr(d, k)) l.Add(Convert.ToString(o, CultureInfo.InvariantCulture));
        return l;
    }

    // ------------------------------------------------------------------ results

    static string Fail(int code)
    {
        string m;
        switch (code)
        {
            case 1001: m = "unknown SiteID"; break;
            case 1002: m = "TimeSpan invalid or expired"; break;
            case 1003: m = "signature mismatch"; break;
            case 1004: m = "TOTP code invalid"; break;
            case 1005: m = "caller IP not allowed"; break;
            case 1007: m = "user not found"; break;
            case 1008: m = "carrier authentication failed"; break;
            default: m = "error"; break;
        }
        return CodeMessage(code, m);
    }

    static string Invalid(string param) { return CodeMessage(1006, "invalid parameter: " + param); }

    static string CodeMessage(int code, string message)
    {
        return "{\"code\":" + code.ToString(CultureInfo.InvariantCulture) + ",\"message\":" + Json(message) + "}";
    }

    /// <summary>A JSON string literal with JSON.stringify's escaping (well-formed variant).</summary>
    public static string Json(string s)
    {
        if (s == null) return "null";
        var sb = new StringBuilder(s.Length + 2);
        sb.Append('"');
        for (int i = 0; i < s.Length; i++)
        {
            char c = s[i];
            switch (c)
            {
                case '"': sb.Append("\\\""); break;
                case '\\': sb.Append("\\\\"); break;
                case '\b': sb.Append("\\b"); break;
                case '\f': sb.Append("\\f"); break;
                case '\n': sb.Append("\\n"); break;
                case '\r': sb.Append("\\r"); break;
                case '\t': sb.Append("\\t"); break;
                default:
                    if (c < 0x20) sb.Append("\\u").Append(((int)c).ToString("x4"));
                    else if (char.IsHighSurrogate(c))
                    {
                        if (i + 1 < s.Length && char.IsLowSurrogate(s[i + 1])) { sb.Append(c).Append(s[i + 1]); i++; }
                        else sb.Append("\\u").Append(((int)c).ToString("x4"));
                    }
                    else if (char.IsLowSurrogate(c)) sb.Append("\\u").Append(((int)c).ToString("x4"));
                    else sb.Append(c);
                    break;
            }
        }
        sb.Append('"');
        return sb.ToString();
    }

    static string JsonBool(bool b) { return b ? "true" : "false"; }

    // ------------------------------------------------------------------ authentication

    static string CheckSigned(string op, CallArgs a, string timeSpanParam, string signatureParam)
    {
        if (a.Text("SiteID") != profile.SiteId) return Fail(1001);
        if (!TimeSpanValid(a.Text(timeSpanParam))) return Fail(1002);
        SignatureRecipe r;
        if (!profile.Signatures.TryGetValue(op, out r)) return Fail(1003);
        var sb = new StringBuilder();
        foreach (var name in r.Params) sb.Append(a.Text(name));
        sb.Append(profile.SharedKey);
        string expected = Hex(HashBytes(r.Hash, Encoding.UTF8.GetBytes(sb.ToString())));
        string sent = a.Text(signatureParam);
        if (expected == null || !string.Equals(expected, sent, StringComparison.OrdinalIgnoreCase)) return Fail(1003);
        return null;
    }

    static byte[] HashBytes(string name, byte[] data)
    {
        HashAlgorithm h;
        switch (name)
        {
            case "md5": h = MD5.Create(); break;
            case "sha1": h = SHA1.Create(); break;
            case "sha256": h = SHA256.Create(); break;
            default: return null;
        }
        using (h) return h.ComputeHash(data);
    }

    static string Hex(byte[] b)
    {
        if (b == null) return null;
        var sb = new StringBuilder(b.Length * 2);
        foreach (var x in b) sb.Append(x.ToString("x2"));
        return sb.ToString();
    }

    static readonly DateTime Epoch = new DateTime(1970, 1, 1, 0, 0, 0, DateTimeKind.Utc);

    static double NowUnixSeconds() { return (DateTime.UtcNow - Epoch).TotalSeconds; }

    static bool TimeSpanValid(string text)
    {
        double? t = ParseTimeSpan(text);
        if (t == null) return false;
        return Math.Abs(NowUnixSeconds() - t.Value) <= profile.WindowSeconds;
    }

    static readonly Regex Digits = new Regex("^[0-9]+$", RegexOptions.CultureInvariant);

    /// <summary>The instant the TimeSpan text stands for, in unix seconds, or null.</summary>
    static double? ParseTimeSpan(string text)
    {
        string fmt = profile.TimeSpanFormat;
        if (fmt == "unix-seconds" || fmt == "unix-millis")
        {
            if (!Digits.IsMatch(text) || text.Length > 18) return null;
            double v = (double)long.Parse(text, CultureInfo.InvariantCulture);
            return fmt == "unix-millis" ? v / 1000.0 : v;
        }
        // A date pattern: yyyy MM dd HH mm ss (or M d H m s without leading zeros), every other
        // character literal; the same reading as generators/timeSpan.ts.
        var rx = new StringBuilder("^");
        var order = new List<char>();
        int i = 0;
        while (i < fmt.Length)
        {
            if (string.CompareOrdinal(fmt, i, "yyyy", 0, 4) == 0) { rx.Append("([0-9]{4})"); order.Add('y'); i += 4; }
            else if (string.CompareOrdinal(fmt, i, "MM", 0, 2) == 0) { rx.Append("([0-9]{2})"); order.Add('M'); i += 2; }
            else if (string.CompareOrdinal(fmt, i, "dd", 0, 2) == 0) { rx.Append("([0-9]{2})"); order.Add('d'); i += 2; }
            else if (string.CompareOrdinal(fmt, i, "HH", 0, 2) == 0) { rx.Append("([0-9]{2})"); order.Add('H'); i += 2; }
            else if (string.CompareOrdinal(fmt, i, "mm", 0, 2) == 0) { rx.Append("([0-9]{2})"); order.Add('m'); i += 2; }
            else if (string.CompareOrdinal(fmt, i, "ss", 0, 2) == 0) { rx.Append("([0-9]{2})"); order.Add('s'); i += 2; }
            else if ("MdHms".IndexOf(fmt[i]) >= 0) { rx.Append("([0-9]{1,2})"); order.Add(fmt[i]); i++; }
            else { rx.Append(Regex.Escape(fmt[i].ToString())); i++; }
        }
        rx.Append("$");
        var m = Regex.Match(text, rx.ToString(), RegexOptions.CultureInvariant);
        if (!m.Success) return null;
        int y = 1970, mo = 1, d = 1, h = 0, mi = 0, s = 0;
        for (int g = 0; g < order.Count; g++)
        {
            int v = int.Parse(m.Groups[g + 1].Value, CultureInfo.InvariantCulture);
            switch (order[g]) { case 'y': y = v; break; case 'M': mo = v; break; case 'd': d = v; break; case 'H': h = v; break; case 'm': mi = v; break; case 's': s = v; break; }
        }
        if (y < 1 || mo < 1 || mo > 12 || d < 1 || d > DateTime.DaysInMonth(y, mo) || h > 23 || mi > 59 || s > 59) return null;
        var local = new DateTime(y, mo, d, h, mi, s, DateTimeKind.Utc);
        return (local - Epoch).TotalSeconds - profile.UtcOffsetMinutes * 60.0;
    }

    static bool TotpValid(string code)
    {
        if (string.IsNullOrEmpty(code)) return false;
        byte[] key = Base32(profile.TotpSecret);
        if (key == null) return false;
        long step = (long)Math.Floor(NowUnixSeconds() / profile.TotpPeriod);
        for (long c = step - 1; c <= step + 1; c++)
            if (Totp(key, c) == code) return true;
        return false;
    }

    static string Totp(byte[] key, long counter)
    {
        byte[] msg = new byte[8];
        for (int i = 7; i >= 0; i--) { msg[i] = (byte)(counter & 0xff); counter >>= 8; }
        HMAC h;
        switch (profile.TotpAlgorithm)
        {
            case "sha256": h = new HMACSHA256(key); break;
            case "sha512": h = new HMACSHA512(key); break;
            default: h = new HMACSHA1(key); break;
        }
        byte[] mac;
        using (h) mac = h.ComputeHash(msg);
        int off = mac[mac.Length - 1] & 0x0f;
        long bin = ((mac[off] & 0x7f) << 24) | (mac[off + 1] << 16) | (mac[off + 2] << 8) | mac[off + 3];
        long mod = 1;
        for (int i = 0; i < profile.TotpDigits; i++) mod *= 10;
        return (bin % mod).ToString(CultureInfo.InvariantCulture).PadLeft(profile.TotpDigits, '0');
    }

    static byte[] Base32(string s)
    {
        const string alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
        var bytes = new List<byte>();
        int buffer = 0, bits = 0;
        foreach (char ch in s.ToUpperInvariant())
        {
            if (ch == '=' || ch == ' ' || ch == '-') continue;
            int v = alphabet.IndexOf(ch);
            if (v < 0) return null;
            buffer = (buffer << 5) | v;
            bits += 5;
            if (bits >= 8) { bytes.Add((byte)((buffer >> (bits - 8)) & 0xff)); bits -= 8; }
        }
        return bytes.ToArray();
    }

    static bool CallerAllowed()
    {
        string ip = null;
        var ctx = HttpContext.Current;
        if (ctx != null) ip = ctx.Request.UserHostAddress;
        if (ip == null) return false;
        if (ip.StartsWith("::ffff:", StringComparison.OrdinalIgnoreCase) && ip.IndexOf('.') > 0) ip = ip.Substring(7);
        return profile.AllowedCallers.Contains(ip);
    }

    // ------------------------------------------------------------------ state helpers

    static bool KnownAccount(string account) { return identityAccounts.Contains(account); }

    static bool KnownUid(string uid) { return identityUids.Contains(uid) || billing.Contains(uid); }

    static string UidOfAccount(string account)
    {
        int i = identityAccounts.IndexOf(account);
        return i >= 0 && i < identityUids.Count ? identityUids[i] : null;
    }

    static string ProductOf(string uid)
    {
        string p;
        return uid != null && productByUid.TryGetValue(uid, out p) ? p : "1";
    }

    // ------------------------------------------------------------------ operations

    /// <summary>Runs one operation of the network endpoint (BEHAVIOUR.md).</summary>
    public static string Run(string op, CallArgs a)
    {
        lock (Gate)
        {
            EnsureLoaded();
            string f;
            switch (op)
            {
                case "GetIPUser":
                    if (a.Text("SiteID") != profile.SiteId) return Fail(1001);
                    if (!TotpValid(a.Text("TotpCode"))) return Fail(1004);
                    return GetIPUser(a.Text("data"));
                case "UploadNetUserNumber":
                case "UpdateADUser":
                    if (!CallerAllowed()) return Fail(1005);
                    break;
                case "UpdateIPv46Traffic":
                case "GetUserProductFromLog":
                    break;
                case "GetUserPackages":
                    if ((f = CheckSigned(op, a, "TimeSpan", "signtext")) != null) return f;
                    break;
                case "BindTest":
                    if ((f = CheckSigned(op, a, "Timespan", "signText")) != null) return f;
                    break;
                default:
                    if ((f = CheckSigned(op, a, "TimeSpan", "SignText")) != null) return f;
                    break;
            }
            return Perform(op, a);
        }
    }

    static string Perform(string op, CallArgs a)
    {
        switch (op)
        {
            case "UserOffLine":
            {
                string account = a.Text("Account"), ip = a.Text("IPAddress");
                if (!KnownAccount(account)) return Fail(1007);
                online.RemoveAll(d => d.Account == account && (ip.Length == 0 || d.IPAddress == ip));
                return CodeMessage(0, "offline");
            }
            case "BindTelecomNet":
            {
                string uid = a.Text("uid"), user = a.Text("netUsername"), pass = a.Text("netPassword");
                if (!KnownUid(uid)) return Fail(1007);
                if (!profile.Actions.Contains(Convert.ToInt64(a.Get("action")))) return Invalid("action");
                string pw;
                if (!carrierPasswords.TryGetValue(user, out pw) || pw != pass) return Fail(1008);
                carrierBinding[uid] = user;
                productByUid[uid] = "telecom";
                carrierLog[uid] = user;
                return CodeMessage(0, "bound");
            }
            case "GetOnlineEquipmentList":
            {
                string account = a.Text("Account"), ip = a.Text("IPAddress"), mac = a.Text("MACAddress");
                if (account.Length == 0 && ip.Length == 0 && mac.Length == 0) return Invalid("Account");
                var sb = new StringBuilder("[");
                bool first = true;
                foreach (var d in online)
                {
                    bool match = (account.Length > 0 && d.Account == account)
                        || (ip.Length > 0 && d.IPAddress == ip)
                        || (mac.Length > 0 && string.Equals(d.MACAddress, mac, StringComparison.OrdinalIgnoreCase));
                    if (!match) continue;
                    if (!first) sb.Append(',');
                    first = false;
                    sb.Append("{\"Account\":").Append(Json(d.Account)).Append(",\"IPAddress\":").Append(Json(d.IPAddress))
                      .Append(",\"MACAddress\":").Append(Json(d.MACAddress)).Append('}');
                }
                return sb.Append(']').ToString();
            }
            case "SendIntranetMail":
                if (!KnownUid(a.Text("ToUID"))) return Fail(1007);
                return CodeMessage(0, "sent");
            case "ActiveCampusAccount":
            {
                long carrier = Convert.ToInt64(a.Get("运营商"));
                if (carrier < 1 || carrier > 3) return Invalid("运营商");
                billing.Add(a.Text("UID"));
                return "ok";
            }
            case "UploadNetUserNumber":
                foreach (var n in new[] { "Telecom", "Unicom", "MobileCarrier" })
                    if (Convert.ToInt64(a.Get(n)) < 0) return Invalid(n);
                return CodeMessage(0, "received");
            case "GetUserPackages":
            {
                string uid = a.Text("UID");
                if (!KnownUid(uid)) return Fail(1007);
                string carrier;
                carrierBinding.TryGetValue(uid, out carrier);
                return "{\"code\":0,\"data\":{\"UID\":" + Json(uid) + ",\"product\":" + Json(ProductOf(uid))
                    + ",\"packages\":[{\"name\":\"campus-basic\",\"carrier\":" + Json(carrier) + "}]}}";
            }
            case "BindBYSTelecomNet":
            {
                string uid = a.Text("uid");
                if (!KnownUid(uid)) return Fail(1007);
                productByUid[uid] = "telecom-2";
                return CodeMessage(0, "bound");
            }
            case "SearchCampusUser":
                return "{\"code\":0,\"exists\":" + JsonBool(billing.Contains(a.Text("UID"))) + "}";
            case "SetUser_Avaliable":
            {
                string account = a.Text("Account"), v = a.Text("avaliable");
                if (!KnownAccount(account)) return Fail(1007);
                if (!profile.Availability.Contains(v)) return Invalid("avaliable");
                availability[account] = v;
                return CodeMessage(0, "updated");
            }
            case "TryTelecomNetAAA":
            {
                string pw;
                if (carrierPasswords.TryGetValue(a.Text("netUsername"), out pw) && pw == a.Text("netPassword"))
                    return CodeMessage(0, "carrier account works");
                return Fail(1008);
            }
            case "GetUserInfo":
            {
                string account = a.Text("Account");
                if (!KnownAccount(account)) return Fail(1007);
                string uid = UidOfAccount(account), avail;
                if (!availability.TryGetValue(account, out avail)) avail = "1";
                return "{\"code\":0,\"data\":{\"Account\":" + Json(account) + ",\"UID\":" + Json(uid)
                    + ",\"available\":" + Json(avail) + ",\"product\":" + Json(ProductOf(uid)) + "}}";
            }
            case "DeleteUser":
            {
                string uid = a.Text("UID");
                if (!billing.Contains(uid)) return Fail(1007);
                billing.Remove(uid);
                return "ok";
            }
            case "GetUserOnlineInfo":
            {
                string account = a.Text("Account");
                if (!KnownAccount(account)) return Fail(1007);
                var sb = new StringBuilder("{\"code\":0,\"data\":[");
                bool first = true;
                foreach (var d in online)
                {
                    if (d.Account != account) continue;
                    if (!first) sb.Append(',');
                    first = false;
                    sb.Append("{\"IPAddress\":").Append(Json(d.IPAddress)).Append(",\"MACAddress\":").Append(Json(d.MACAddress)).Append('}');
                }
                return sb.Append("]}").ToString();
            }
            case "UpdateIPv46Traffic":
                foreach (var n in new[] { "v4下行流量", "v4上行流量", "v6下行流量", "v6上行流量" })
                {
                    double v = Convert.ToDouble(a.Get(n));
                    if (double.IsNaN(v) || v < 0) return Invalid(n);
                }
                return CodeMessage(0, "received");
            case "BindTest":
                if (!KnownUid(a.Text("UID"))) return Fail(1007);
                if (!profile.Actions.Contains(Convert.ToInt64(a.Get("action")))) return Invalid("action");
                return CodeMessage(0, "bind test passed");
            case "GetUserProductFromLog":
            {
                string uid = a.Text("uid"), user;
                if (!carrierLog.TryGetValue(uid, out user)) return Fail(1007);
                return "{\"code\":0,\"data\":{\"uid\":" + Json(uid) + ",\"Product\":" + Json((string)a.Get("Product"))
                    + ",\"netUsername\":" + Json(user) + "}}";
            }
            case "UpdateADUser":
            {
                string uid = a.Text("UID");
                if (!KnownUid(uid)) return Fail(1007);
                long pid = Convert.ToInt64(a.Get("ProductID"));
                if (!profile.ProductIds.Contains(pid)) return Invalid("ProductID");
                productByUid[uid] = pid.ToString(CultureInfo.InvariantCulture);
                return CodeMessage(0, "updated");
            }
            default:
                throw new ArgumentException("unknown operation " + op);
        }
    }

    public static string SyncPhotoFromSourceToTarget()
    {
        lock (Gate)
        {
            EnsureLoaded();
            return CodeMessage(0, "synchronised");
        }
    }

    // ------------------------------------------------------------------ GetIPUser

    static readonly Regex LogTime = new Regex("^[0-9]{4}-[0-9]{1,2}-[0-9]{1,2} [0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}$", RegexOptions.CultureInvariant);

    static string GetIPUser(string data)
    {
        object parsed;
        if (!StrictJson.TryParse(data, out parsed)) return Invalid("data");
        var items = parsed as List<object>;
        if (items == null) return Invalid("data");
        var sb = new StringBuilder("[");
        for (int i = 0; i < items.Count; i++)
        {
            var o = items[i] as Dictionary<string, object>;
            if (o == null) return Invalid("data");
            object ipo, timeo;
            if (!o.TryGetValue("IP", out ipo) || !(ipo is string)) return Invalid("data");
            if (!o.TryGetValue("Time", out timeo) || !(timeo is string)) return Invalid("data");
            string ip = (string)ipo, time = (string)timeo;
            DateTime dt;
            if (!LogTime.IsMatch(time) || !DateTime.TryParseExact(time, "yyyy-M-d H:m:s", CultureInfo.InvariantCulture, DateTimeStyles.None, out dt))
                return Invalid("data");
            string account = null;
            foreach (var d in online) if (d.IPAddress == ip) { account = d.Account; break; }
            if (i > 0) sb.Append(',');
            sb.Append("{\"IP\":").Append(Json(ip)).Append(",\"Time\":").Append(Json(time)).Append(",\"Account\":").Append(Json(account)).Append('}');
        }
        return sb.Append(']').ToString();
    }
}

/// <summary>A strict JSON parser (RFC 8259, as JSON.parse): objects become
/// Dictionary&lt;string, object&gt;, arrays List&lt;object&gt;, numbers double.</summary>
public sealed class StrictJson
{
    readonly string s;
    int i;

    StrictJson(string text) { s = text; }

    public static bool TryParse(string text, out object value)
    {
        value = null;
        if (text == null) return false;
        var p = new StrictJson(text);
        try
        {
            p.Ws();
            value = p.Value();
            p.Ws();
            return p.i == p.s.Length;
        }
        catch (FormatException) { value = null; return false; }
    }

    void Ws() { while (i < s.Length && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')) i++; }

    char Peek() { if (i >= s.Length) throw new FormatException(); return s[i]; }

    void Expect(string lit)
    {
        if (i + lit.Length > s.Length || string.CompareOrdinal(s, i, lit, 0, lit.Length) != 0) throw new FormatException();
        i += lit.Length;
    }

    object Value()
    {
        char c = Peek();
        if (c == '{') return Object();
        if (c == '[') return Array();
        if (c == '"') return String();
        if (c == 't') { Expect("true"); return true; }
        if (c == 'f') { Expect("false"); return false; }
        if (c == 'n') { Expect("null"); return null; }
        return Number();
    }

    Dictionary<string, object> Object()
    {
        var d = new Dictionary<string, object>(StringComparer.Ordinal);
        i++; Ws();
        if (Peek() == '}') { i++; return d; }
        while (true)
        {
            Ws();
            if (Peek() != '"') throw new FormatException();
            string k = String();
            Ws();
            if (Peek() != ':') throw new FormatException();
            i++; Ws();
            d[k] = Value();
            Ws();
            char c = Peek(); i++;
            if (c == '}') return d;
            if (c != ',') throw new FormatException();
        }
    }

    List<object> Array()
    {
        var l = new List<object>();
        i++; Ws();
        if (Peek() == ']') { i++; return l; }
        while (true)
        {
            Ws();
            l.Add(Value());
            Ws();
            char c = Peek(); i++;
            if (c == ']') return l;
            if (c != ',') throw new FormatException();
        }
    }

    string String()
    {
        i++;
        var sb = new StringBuilder();
        while (true)
        {
            char c = Peek(); i++;
            if (c == '"') return sb.ToString();
            if (c < 0x20) throw new FormatException();
            if (c != '\\') { sb.Append(c); continue; }
            char e = Peek(); i++;
            switch (e)
            {
                case '"': sb.Append('"'); break;
                case '\\': sb.Append('\\'); break;
                case '/': sb.Append('/'); break;
                case 'b': sb.Append('\b'); break;
                case 'f': sb.Append('\f'); break;
                case 'n': sb.Append('\n'); break;
                case 'r': sb.Append('\r'); break;
                case 't': sb.Append('\t'); break;
                case 'u':
                    if (i + 4 > s.Length) throw new FormatException();
                    for (int k = 0; k < 4; k++) if (!Uri.IsHexDigit(s[i + k])) throw new FormatException();
                    int v = int.Parse(s.Substring(i, 4), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture);
                    sb.Append((char)v); i += 4; break;
                default: throw new FormatException();
            }
        }
    }

    double Number()
    {
        int start = i;
        if (i < s.Length && s[i] == '-') i++;
        if (i >= s.Length) throw new FormatException();
        if (s[i] == '0') i++;
        else if (s[i] >= '1' && s[i] <= '9') { while (i < s.Length && s[i] >= '0' && s[i] <= '9') i++; }
        else throw new FormatException();
        if (i < s.Length && s[i] == '.')
        {
            i++;
            int d = i;
            while (i < s.Length && s[i] >= '0' && s[i] <= '9') i++;
            if (i == d) throw new FormatException();
        }
        if (i < s.Length && (s[i] == 'e' || s[i] == 'E'))
        {
            i++;
            if (i < s.Length && (s[i] == '+' || s[i] == '-')) i++;
            int d = i;
            while (i < s.Length && s[i] >= '0' && s[i] <= '9') i++;
            if (i == d) throw new FormatException();
        }
        return double.Parse(s.Substring(start, i - start), NumberStyles.Float, CultureInfo.InvariantCulture);
    }
}
