<%@ WebService Language="C#" Class="net" %>
// The network endpoint (spec/interface.md 4.2): 19 operations, document/literal, namespace PassPort_Net.
// Parameter names, order and types are those of contracts/operations.ts; the behaviour is in
// App_Code/CampusNetReference.cs (reference/BEHAVIOUR.md).
using System;
using System.Web.Services;
using System.Web.Services.Protocols;

[WebService(Namespace = "PassPort_Net")]
[SoapDocumentService]
public class net : WebService
{
    [WebMethod]
    public string UserOffLine(string SiteID, string TimeSpan, string Account, string IPAddress, string SignText)
    {
        var a = new CallArgs(); a.Add("SiteID", SiteID); a.Add("TimeSpan", TimeSpan); a.Add("Account", Account); a.Add("IPAddress", IPAddress); a.Add("SignText", SignText);
        return CampusNetReference.Run("UserOffLine", a);
    }

    [WebMethod]
    public string GetIPUser(string SiteID, string TotpCode, string data)
    {
        var a = new CallArgs(); a.Add("SiteID", SiteID); a.Add("TotpCode", TotpCode); a.Add("data", data);
        return CampusNetReference.Run("GetIPUser", a);
    }

    [WebMethod]
    public string BindTelecomNet(string SiteID, string TimeSpan, string SignText, string uid, string netUsername, string netPassword, int action, DateTime exTime)
    {
        var a = new CallArgs(); a.Add("SiteID", SiteID); a.Add("TimeSpan", TimeSpan); a.Add("SignText", SignText); a.Add("uid", uid); a.Add("netUsername", netUsername); a.Add("netPassword", netPassword); a.Add("action", action); a.Add("exTime", exTime);
        return CampusNetReference.Run("BindTelecomNet", a);
    }

    [WebMethod]
    public string GetOnlineEquipmentList(string SiteID, string TimeSpan, string Account, string IPAddress, string MACAddress, string SignText)
    {
        var a = new CallArgs(); a.Add("SiteID", SiteID); a.Add("TimeSpan", TimeSpan); a.Add("Account", Account); a.Add("IPAddress", IPAddress); a.Add("MACAddress", MACAddress); a.Add("SignText", SignText);
        return CampusNetReference.Run("GetOnlineEquipmentList", a);
    }

    [WebMethod]
    public string SendIntranetMail(string SiteID, string TimeSpan, string ToUID, string mailTitle, string Content, string SignText)
    {
        var a = new CallArgs(); a.Add("SiteID", SiteID); a.Add("TimeSpan", TimeSpan); a.Add("ToUID", ToUID); a.Add("mailTitle", mailTitle); a.Add("Content", Content); a.Add("SignText", SignText);
        return CampusNetReference.Run("SendIntranetMail", a);
    }

    [WebMethod]
    public string ActiveCampusAccount(string SiteID, string TimeSpan, string UID, int 运营商, string Mobile, string SignText)
    {
        var a = new CallArgs(); a.Add("SiteID", SiteID); a.Add("TimeSpan", TimeSpan); a.Add("UID", UID); a.Add("运营商", 运营商); a.Add("Mobile", Mobile); a.Add("SignText", SignText);
        return CampusNetReference.Run("ActiveCampusAccount", a);
    }

    [WebMethod]
    public string UploadNetUserNumber(DateTime dateTime, int Telecom, int Unicom, int MobileCarrier)
    {
        var a = new CallArgs(); a.Add("dateTime", dateTime); a.Add("Telecom", Telecom); a.Add("Unicom", Unicom); a.Add("MobileCarrier", MobileCarrier);
        return CampusNetReference.Run("UploadNetUserNumber", a);
    }

    [WebMethod]
    public string GetUserPackages(string SiteID, string TimeSpan, string UID, string signtext)
    {
        var a = new CallArgs(); a.Add("SiteID", SiteID); a.Add("TimeSpan", TimeSpan); a.Add("UID", UID); a.Add("signtext", signtext);
        return CampusNetReference.Run("GetUserPackages", a);
    }

    [WebMethod]
    public string BindBYSTelecomNet(string SiteID, string TimeSpan, string SignText, string uid)
    {
        var a = new CallArgs(); a.Add("SiteID", SiteID); a.Add("TimeSpan", TimeSpan); a.Add("SignText", SignText); a.Add("uid", uid);
        return CampusNetReference.Run("BindBYSTelecomNet", a);
    }

    [WebMethod]
    public string SearchCampusUser(string SiteID, string TimeSpan, string SignText, string UID)
    {
        var a = new CallArgs(); a.Add("SiteID", SiteID); a.Add("TimeSpan", TimeSpan); a.Add("SignText", SignText); a.Add("UID", UID);
        return CampusNetReference.Run("SearchCampusUser", a);
    }

    [WebMethod]
    public string SetUser_Avaliable(string SiteID, string TimeSpan, string Account, string avaliable, string SignText)
    {
        var a = new CallArgs(); a.Add("SiteID", SiteID); a.Add("TimeSpan", TimeSpan); a.Add("Account", Account); a.Add("avaliable", avaliable); a.Add("SignText", SignText);
        return CampusNetReference.Run("SetUser_Avaliable", a);
    }

    [WebMethod]
    public string TryTelecomNetAAA(string SiteID, string TimeSpan, string SignText, string netUsername, string netPassword)
    {
        var a = new CallArgs(); a.Add("SiteID", SiteID); a.Add("TimeSpan", TimeSpan); a.Add("SignText", SignText); a.Add("netUsername", netUsername); a.Add("netPassword", netPassword);
        return CampusNetReference.Run("TryTelecomNetAAA", a);
    }

    [WebMethod]
    public string GetUserInfo(string SiteID, string TimeSpan, string Account, string SignText)
    {
        var a = new CallArgs(); a.Add("SiteID", SiteID); a.Add("TimeSpan", TimeSpan); a.Add("Account", Account); a.Add("SignText", SignText);
        return CampusNetReference.Run("GetUserInfo", a);
    }

    [WebMethod]
    public string DeleteUser(string SiteID, string TimeSpan, string UID, string SignText)
    {
        var a = new CallArgs(); a.Add("SiteID", SiteID); a.Add("TimeSpan", TimeSpan); a.Add("UID", UID); a.Add("SignText", SignText);
        return CampusNetReference.Run("DeleteUser", a);
    }

    [WebMethod]
    public string GetUserOnlineInfo(string SiteID, string TimeSpan, string Account, string SignText)
    {
        var a = new CallArgs(); a.Add("SiteID", SiteID); a.Add("TimeSpan", TimeSpan); a.Add("Account", Account); a.Add("SignText", SignText);
        return CampusNetReference.Run("GetUserOnlineInfo", a);
    }

    [WebMethod]
    public string UpdateIPv46Traffic(double v4下行流量, double v4上行流量, double v6下行流量, double v6上行流量)
    {
        var a = new CallArgs(); a.Add("v4下行流量", v4下行流量); a.Add("v4上行流量", v4上行流量); a.Add("v6下行流量", v6下行流量); a.Add("v6上行流量", v6上行流量);
        return CampusNetReference.Run("UpdateIPv46Traffic", a);
    }

    [WebMethod]
    public string BindTest(string SiteID, string Timespan, string UID, int action, string signText)
    {
        var a = new CallArgs(); a.Add("SiteID", SiteID); a.Add("Timespan", Timespan); a.Add("UID", UID); a.Add("action", action); a.Add("signText", signText);
        return CampusNetReference.Run("BindTest", a);
    }

    [WebMethod]
    public string GetUserProductFromLog(string uid, string Product)
    {
        var a = new CallArgs(); a.Add("uid", uid); a.Add("Product", Product);
        return CampusNetReference.Run("GetUserProductFromLog", a);
    }

    [WebMethod]
    public string UpdateADUser(string UID, int ProductID)
    {
        var a = new CallArgs(); a.Add("UID", UID); a.Add("ProductID", ProductID);
        return CampusNetReference.Run("UpdateADUser", a);
    }
}
